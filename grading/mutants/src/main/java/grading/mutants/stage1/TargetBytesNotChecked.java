package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import one.nio.http.HttpException;
import one.nio.http.Request;

@Mutant(
        stage = 1,
        sentences = "s1-target-byte-400",
        breaks = "the request line is split at its first and last space and"
                + " only the %-escapes of the target are checked: a raw space or '#' in the id is taken into the key",
        caughtBy = "course.tests.stage1.RequestFramingTest#rawSpaceOrHashInTheTargetIs400")
public final class TargetBytesNotChecked extends FramingMutant {
    @Override
    public Request requestLine(byte[] buffer, int start, int length) throws HttpException {
        byte[] line = targetEscaped(buffer, start, length);
        return super.requestLine(line, 0, line.length);
    }

    /**
     * The line with every byte of its target that the reference would refuse written as %XX, which the reference
     * then decodes to that same byte: what a node that took the target's bytes as they come ends up with.
     */
    private static byte[] targetEscaped(byte[] buffer, int start, int length) {
        int first = -1;
        int last = -1;
        for (int i = start; i < start + length; i++) {
            if (buffer[i] == ' ') {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 16);
        for (int i = start; i < start + length; i++) {
            int b = buffer[i] & 0xFF;
            boolean inTarget = first >= 0 && i > first && i < last;
            if (inTarget && (b <= ' ' || b == '#' || b >= 0x7F || "\"<>\\^`{|}".indexOf(b) >= 0)) {
                out.writeBytes(String.format("%%%02X", b).getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }
}
