package grading.mutants.stage1;

import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;
import one.nio.http.HttpException;
import one.nio.http.Request;
import one.nio.http.Response;
import solutions.stage1.Refusal;

@Mutant(
        stage = 1,
        sentences = "s1-http-version",
        breaks = "only the exact versions HTTP/1.0 and HTTP/1.1 are served: HTTP/1.2 is refused with 400, as is"
                + " HTTP/2.0",
        caughtBy = "course.tests.stage1.RequestFramingTest#aLaterMinorVersionIsServedAsHttp11AndAnotherMajorIs505")
public final class OnlyHttp10And11Served extends FramingMutant {
    @Override
    public Request requestLine(byte[] buffer, int start, int length) throws HttpException {
        String line = new String(buffer, start, length, StandardCharsets.ISO_8859_1);
        String version = line.substring(line.lastIndexOf(' ') + 1);
        if (!version.equals("HTTP/1.1") && !version.equals("HTTP/1.0")) {
            throw new Refusal(Response.BAD_REQUEST, "unsupported protocol '" + version + "'");
        }
        return super.requestLine(buffer, start, length);
    }
}
