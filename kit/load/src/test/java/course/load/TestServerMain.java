package course.load;

/** The test server as its own JVM, for tests that need a server process (profiling attaches to another JVM). */
final class TestServerMain {
    public static void main(String[] args) throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            System.out.println(server.url());
            System.out.flush();
            // Runs until the test closes our stdin (or kills us).
            while (System.in.read() >= 0) {
                Thread.onSpinWait();
            }
        }
    }
}
