package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;
import one.nio.http.HttpException;
import one.nio.http.Request;

@Mutant(
        stage = 1,
        sentences = {"s1-percent-400", "s1-target-byte-400"},
        breaks = "the request target is not checked: a malformed %-escape in the id reaches the decoder (500)"
                + " and a raw space becomes part of the key",
        caughtBy = "course.tests.stage1.RequestFramingTest#malformedPercentEncodingIs400WithAReason")
public final class MalformedIdIs500 extends FramingMutant {
    @Override
    public Request requestLine(byte[] buffer, int start, int length) throws HttpException {
        return lenient(new String(buffer, start, length, StandardCharsets.UTF_8));
    }

    /** Everything between the method and " HTTP/1.1" is the target, as one-nio takes it. */
    static Request lenient(String line) throws HttpException {
        for (int method = 1; method < METHODS.length; method++) {
            String verb = METHODS[method] + " ";
            if (line.startsWith(verb) && line.length() > verb.length() + 9) {
                return new Request(method, line.substring(verb.length(), line.length() - 9), line.endsWith("1"));
            }
        }
        throw new HttpException("Invalid request");
    }

    private static final String[] METHODS = {"", "GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE"};
}
