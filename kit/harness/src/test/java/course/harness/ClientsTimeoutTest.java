package course.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Clients that do not finish in time fail their test with an assertion that says so, with the test's hint, and the
 * test's message gets the seed and the replay line like every other failure (EvenSpreadTest's timeout was once a
 * bare TimeoutException: no hint, no seed, no replay line).
 */
class ClientsTimeoutTest {
    @Test
    void clientsThatDoNotFinishInTimeFailWithTheHint() {
        AssertionError e = assertThrows(
                AssertionError.class,
                () -> Clients.concurrently(
                        2, 1, 1, "a node that waits out a timeout is this slow", (client, random) -> {
                            Thread.sleep(client == 0 ? 0 : 10_000);
                            return client;
                        }));
        assertEquals(
                "1 of 2 clients had not finished after 1 s: a node that waits out a timeout is this slow",
                e.getMessage());
    }

    @Test
    void aClientsAssertionIsTheFailureItself() {
        AssertionError e = assertThrows(
                AssertionError.class,
                () -> Clients.concurrently(2, 1, 5, "hint", (client, random) -> {
                    throw new AssertionError("client " + client + " read the wrong value");
                }));
        assertTrue(e.getMessage().startsWith("client 0 read the wrong value"), e.getMessage());
    }

    @Test
    void theTimeoutOfAGradedTestNamesItsSeedAndReplayLine() {
        String replay = System.getProperty("course.replay");
        System.setProperty("course.replay", "./course grade --stage 3 --factory F --no-perf --seed 42");
        List<String> failures = new ArrayList<>();
        try {
            LauncherFactory.create()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(selectClass(SlowClients.class))
                                    .build(),
                            new TestExecutionListener() {
                                @Override
                                public void executionFinished(TestIdentifier t, TestExecutionResult result) {
                                    if (t.isTest()) {
                                        failures.add(result.getThrowable()
                                                .map(Throwable::getMessage)
                                                .orElse("passed"));
                                    }
                                }
                            });
        } finally {
            if (replay == null) {
                System.clearProperty("course.replay");
            } else {
                System.setProperty("course.replay", replay);
            }
        }
        assertEquals(1, failures.size(), failures.toString());
        String message = failures.get(0);
        assertTrue(message.startsWith("1 of 1 clients had not finished after 1 s: the hint"), message);
        assertTrue(
                message.contains("] replay with: ./course grade --stage 3 --factory F --no-perf --seed 42 --only "
                        + "SlowClients"),
                message);
        assertTrue(message.contains("[seed "), message);
    }

    /** A test as EvenSpreadTest is one: clients that take too long, and a seed for the replay line. */
    @ExtendWith(ClusterExtension.class)
    static class SlowClients {
        @Test
        void slow(Seed seed) throws Exception {
            Clients.concurrently(1, seed.value(), 1, "the hint", (client, random) -> {
                Thread.sleep(10_000);
                return client;
            });
        }
    }
}
