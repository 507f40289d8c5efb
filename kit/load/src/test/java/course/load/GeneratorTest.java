package course.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generator against a real (test) server: rate accuracy, coordinated-omission correction, error counting. */
class GeneratorTest {

    private static RunResult run(TestHttpServer server, String... options) throws Exception {
        String[] args = new String[options.length + 2];
        args[0] = "--url";
        args[1] = server.url();
        System.arraycopy(options, 0, args, 2, options.length);
        return new LoadGenerator(LoadOptions.parse(args), null).run();
    }

    /**
     * How fast the answers come is the benchmark's business ({@code ./course bench load}, beside wrk2 in one run): in a
     * busy suite the median of this run was seen at 1.6 and 2.7 ms. What the generator must do anywhere: keep the rate,
     * and time each answer in microseconds, not in the milliseconds of a coarse clock.
     */
    @Test
    void holdsTheTargetRateAndTimesAnswersInMicroseconds() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            ContentionProbe probe = ContentionProbe.start(List.of());
            RunResult r = run(server, "-R", "2000", "-c", "10", "-t", "2", "-d", "5s", "--seed", "1");
            List<LoadRun.Flag> flags =
                    LoadRunDocument.flags(2000, r.achievedRate(), r.lateSendFraction(), probe.finish());
            System.out.printf(
                    "achieved %.2f of 2000, median %d us, late sends %d of %d%n",
                    r.achievedRate(), r.latencyUs().getValueAtPercentile(50), r.lateSends(), r.sends());
            RateShortfall.assertMetOrExplained(2000, r.achievedRate(), 20, flags);
            assertEquals(0, r.socketErrors() + r.non2xx(), "no errors against a healthy server");
            assertEquals(r.requests(), r.latencyUs().getTotalCount(), "one latency per response");
            assertEquals(r.requests(), r.byStatus().get(200));
            long belowOneMillisecond = r.latencyUs().getCountBetweenValues(1, 999);
            assertTrue(
                    belowOneMillisecond >= r.requests() / 100,
                    "only " + belowOneMillisecond + " of " + r.requests() + " answers from a local server timed"
                            + " between 1 and 999 us: latencies are in microseconds");
        }
    }

    /**
     * Coordinated omission: a 0.5 s stall at a constant 1000 requests/s delays the 500 requests due meanwhile by 0 to
     * 500 ms, uniformly, so p99 is about 400 ms. A generator that times from the actual send sees a few slow answers
     * only. No upper bound: a machine busy with the rest of the suite adds stalls of its own (p99 648 ms, p95 579 ms
     * and p90 109 ms were each seen once), and how close the figures come to the truth is measured beside wrk2 by
     * {@code ./course bench load}. The rate is judged as in the other runs ({@link RateShortfall}): beside the rest of
     * the suite 968, 970 and 983 requests/s were seen, each in a run that said so.
     */
    @Test
    void aServerStallIsChargedToTheRequestsItDelayed() throws Exception {
        try (TestHttpServer server = new TestHttpServer()) {
            server.stallOnceAfter(3000, 500);
            ContentionProbe probe = ContentionProbe.start(List.of());
            RunResult r = run(server, "-R", "1000", "-c", "10", "-t", "2", "-d", "10s", "--seed", "2");
            List<LoadRun.Flag> flags =
                    LoadRunDocument.flags(1000, r.achievedRate(), r.lateSendFraction(), probe.finish());
            long p99Us = r.latencyUs().getValueAtPercentile(99);
            long p95Us = r.latencyUs().getValueAtPercentile(95);
            System.out.printf(
                    "stall test: p99 %.1f ms, p95 %.1f ms, max %.1f ms, achieved %.1f%n",
                    p99Us / 1000.0, p95Us / 1000.0, r.latencyUs().getMaxValue() / 1000.0, r.achievedRate());
            assertTrue(p99Us >= 250_000, "p99 " + p99Us + " us: the stall must be charged to the requests it delayed");
            assertTrue(r.latencyUs().getMaxValue() >= 450_000, "the first delayed request waited the whole stall");
            // The delayed requests are all sent once the server wakes: a generator that dropped them sends about 950/s.
            RateShortfall.assertMetOrExplained(1000, r.achievedRate(), 15, flags);
        }
    }

    /**
     * Every answer is a 503, and each is counted under its status. The run must go on through them: at least half of
     * its 1,000 requests (a saturated suite run answered 794: with one request in flight per connection, four
     * connections cannot catch up once the test server answers slower than every 8 ms).
     */
    @Test
    void countsNon2xxResponsesByStatus() throws Exception {
        try (TestHttpServer server = new TestHttpServer().status(503)) {
            RunResult r = run(server, "-R", "500", "-c", "4", "-t", "1", "-d", "2s");
            assertTrue(r.requests() > 500, "requests " + r.requests());
            assertEquals(r.requests(), r.non2xx());
            assertEquals(r.requests(), r.byStatus().get(503));
            assertEquals(0, r.socketErrors());
        }
    }

    /**
     * A hang-up is a read error, and the connection is made again: more than 800 of the run's 1,000 requests are
     * answered (a suite run on a busy machine answered 549, and said so: {@link RateShortfall}).
     */
    @Test
    void countsReadErrorsWhenTheServerHangsUpAndKeepsGoing() throws Exception {
        try (TestHttpServer server = new TestHttpServer().hangUpEvery(10)) {
            ContentionProbe probe = ContentionProbe.start(List.of());
            RunResult r = run(server, "-R", "500", "-c", "4", "-t", "1", "-d", "2s");
            List<LoadRun.Flag> flags =
                    LoadRunDocument.flags(500, r.achievedRate(), r.lateSendFraction(), probe.finish());
            long expected = (r.requests() + r.readErrors()) / 10;
            assertTrue(
                    Math.abs(r.readErrors() - expected) <= 2 + expected / 10,
                    "read errors " + r.readErrors() + " for every 10th of " + (r.requests() + r.readErrors()));
            // The generator reconnected and went on: 801 to 1,199 answers.
            RateShortfall.assertMetOrExplained(1000, r.requests(), 199, flags);
        }
    }

    /**
     * The server stops 0.8 s into a 2 s run at 200 requests/s: about 160 answers (51 to 299), then connect errors. 50
     * or fewer only on a machine that said it was busy (2 were seen in a suite run: the generator's start took the
     * 0.8 s).
     */
    @Test
    void countsConnectErrorsWhenTheServerGoesAway() throws Exception {
        TestHttpServer server = new TestHttpServer();
        LoadOptions options = LoadOptions.parse("--url", server.url(), "-R", "200", "-c", "2", "-t", "1", "-d", "2s");
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(800);
                server.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        ContentionProbe probe = ContentionProbe.start(List.of());
        stopper.start();
        RunResult r = new LoadGenerator(options, null).run();
        stopper.join();
        List<LoadRun.Flag> flags = LoadRunDocument.flags(200, r.achievedRate(), r.lateSendFraction(), probe.finish());
        assertTrue(r.connectErrors() > 0, "connect errors after the server stopped: " + r);
        assertTrue(r.requests() < 300, "responses only while it was up: " + r.requests());
        RateShortfall.assertMetOrExplained(175, r.requests(), 124, flags);
    }

    @Test
    void spreadsConnectionsOverSeveralTargetsRoundRobin() throws Exception {
        try (TestHttpServer a = new TestHttpServer();
                TestHttpServer b = new TestHttpServer()) {
            LoadOptions o =
                    LoadOptions.parse("--url", a.url() + "," + b.url(), "-R", "400", "-c", "4", "-t", "2", "-d", "2s");
            ContentionProbe probe = ContentionProbe.start(List.of());
            RunResult r = new LoadGenerator(o, null).run();
            // 762 of 800 were seen in a busy suite run: the same rule as the run above.
            List<LoadRun.Flag> flags =
                    LoadRunDocument.flags(400, r.achievedRate(), r.lateSendFraction(), probe.finish());
            RateShortfall.assertMetOrExplained(800, r.requests(), 8.0, flags);
            // What a busy machine did not send (373 and 400 of 800 seen in a fresh clone's suite) may all be one
            // target's: the split is judged on what was sent. Connections all on one target still differ by 800.
            double unsent = Math.max(0, 800 - (a.requests() + b.requests()));
            assertEquals(
                    a.requests(),
                    b.requests(),
                    4.0 + unsent,
                    "each target has half the connections, so half the load (" + unsent + " requests not sent)");
        }
    }
}
