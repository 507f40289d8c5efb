package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static solutions.stage1.TestHttp.ascii;
import static solutions.stage1.TestHttp.connect;

import java.net.InetSocketAddress;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import solutions.stage1.TestHttp.Answer;

/**
 * Small answers are always sent, but those a client leaves unread stay in memory: they count in the budget for unsent
 * answers as long as they wait, so many slow readers of small values fill it as surely as one of a large value.
 */
class UnsentAnswersHeldTest extends NodeTest {
    @Test
    void smallAnswersLeftUnreadAreHeldInTheBudgetUntilTheConnectionCloses() throws Exception {
        ByteBudget unsent = ByteBudget.unsentAnswers();
        try (Socket writer = connect(port)) {
            writer.getOutputStream()
                    .write(ascii("PUT /v0/entity?id=k HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n"));
            writer.getOutputStream().write(new byte[4096]);
            assertEquals(201, Answer.read(writer.getInputStream()).status());
        }
        long baseline = unsent.reservedBytes();
        try (Socket reader = new Socket()) {
            reader.setReceiveBufferSize(4096); // the kernel holds a few answers, not thousands
            reader.connect(new InetSocketAddress("localhost", port));
            StringBuilder gets = new StringBuilder();
            for (int i = 0; i < 2_000; i++) {
                gets.append("GET /v0/entity?id=k HTTP/1.1\r\nHost: x\r\n\r\n");
            }
            reader.getOutputStream().write(ascii(gets.toString()));
            assertTrue(
                    BudgetWait.until(unsent, reserved -> reserved > baseline) > baseline,
                    "an answer left in the write queue is held in the budget");
        }
        BudgetWait.awaitReserved(unsent, baseline, "a closed connection's queued answers are given back");
    }
}
