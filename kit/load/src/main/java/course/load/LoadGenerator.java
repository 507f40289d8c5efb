package course.load;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Runs wrk2's model: a constant rate R over C connections for D seconds. Connection i sends every C/R seconds,
 * phase-shifted by i/R, so the requests of all connections together are evenly spaced at rate R.
 */
final class LoadGenerator {
    /** Time for the connections to open before the first request is due. */
    private static final long CONNECT_LEAD_NS = TimeUnit.MILLISECONDS.toNanos(200);

    private static final long TICK_NS = TimeUnit.SECONDS.toNanos(1);

    private final LoadOptions options;
    private final PrintStream progress;
    /** The rate whose spacing decides how the threads wait (LoadWorker.NAP_MIN_SPACING_NS): the run's own. */
    private double pacedAs;

    /** {@code progress} receives one line a second, or nothing when it is {@code null}. */
    LoadGenerator(LoadOptions options, PrintStream progress) {
        this.options = options;
        this.progress = progress;
        this.pacedAs = options.rate();
    }

    /**
     * Waits as a run at {@code ratePerSecond} would (in naps or in select() alone), whatever this run's rate: a
     * warm-up at half the rate otherwise waited in the other way at some rates, and the run's first requests then
     * sent the JIT's code for the wait back to the interpreter.
     */
    LoadGenerator pacedAs(double ratePerSecond) {
        this.pacedAs = ratePerSecond;
        return this;
    }

    double pacedAs() {
        return pacedAs;
    }

    double rate() {
        return options.rate();
    }

    RunResult run() throws InterruptedException {
        int c = options.connections();
        int t = options.threads();
        double rate = options.rate();
        long intervalNs = Math.round(c * 1e9 / rate);
        long startNs = System.nanoTime() + CONNECT_LEAD_NS;
        long durationNs = Math.round(options.durationSeconds() * 1e9);
        long endNs = startNs + durationNs;
        long startEpochMs = System.currentTimeMillis() + TimeUnit.NANOSECONDS.toMillis(CONNECT_LEAD_NS);

        KeySource keys = new KeySource(options.keyOrder(), options.keys());
        SplittableRandom seeds = new SplittableRandom(options.seed());
        List<List<Connection>> shares = new ArrayList<>();
        for (int w = 0; w < t; w++) {
            shares.add(new ArrayList<>());
        }
        List<Target> targets = options.targets();
        for (int i = 0; i < c; i++) {
            Target target = options.pick() == LoadOptions.Pick.ROUND_ROBIN
                    ? targets.get(i % targets.size())
                    : targets.get(seeds.nextInt(targets.size()));
            shares.get(i % t).add(new Connection(target, startNs + Math.round(i * 1e9 / rate), intervalNs));
        }
        List<LoadWorker> workers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < t; w++) {
            LoadWorker worker = new LoadWorker(
                    shares.get(w),
                    new RequestFactory(options, keys, seeds.nextLong()),
                    endNs,
                    Math.round(options.timeoutSeconds() * 1e9),
                    LoadWorker.naps(shares.get(w).size(), c, pacedAs));
            workers.add(worker);
            Thread thread = new Thread(worker, "load-worker-" + w);
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);

        IntervalCollector collector = new IntervalCollector(workers, startEpochMs);
        try {
            long[] lastCompleted = new long[t];
            List<Double> reqPerSec = new ArrayList<>();
            long tickStart = startNs;
            sleepUntil(startNs);
            while (true) {
                long tickEnd = Math.min(tickStart + TICK_NS, endNs);
                sleepUntil(tickEnd);
                Histogram interval = collector.collect();
                double seconds = (tickEnd - tickStart) / 1e9;
                for (int w = 0; w < t; w++) {
                    long done = workers.get(w).stats.completed;
                    if (seconds >= 0.5) {
                        reqPerSec.add((done - lastCompleted[w]) / seconds);
                    }
                    lastCompleted[w] = done;
                }
                if (progress != null) {
                    printProgress(tickEnd - startNs, interval, seconds, workers, collector.total());
                }
                tickStart = tickEnd;
                if (tickEnd >= endNs) {
                    break;
                }
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
                if (thread.isAlive()) {
                    throw new IllegalStateException(thread.getName() + " did not stop 10 s after the run ended");
                }
            }
            collector.collect();
            for (LoadWorker w : workers) {
                if (w.failure() != null) {
                    throw new IllegalStateException("a load worker failed: " + w.failure(), w.failure());
                }
            }
            return summarize(workers, collector, startEpochMs, durationNs / 1e9, reqPerSec);
        } finally {
            threads.forEach(Thread::interrupt);
        }
    }

    private static RunResult summarize(
            List<LoadWorker> workers,
            IntervalCollector collector,
            long startEpochMs,
            double seconds,
            List<Double> reqPerSec) {
        long requests = 0, bytes = 0, connect = 0, read = 0, write = 0, timeout = 0, non2xx = 0, sends = 0, late = 0;
        Map<Integer, Long> byStatus = new TreeMap<>();
        for (LoadWorker w : workers) {
            WorkerStats s = w.stats;
            requests += s.completed;
            bytes += s.bytesRead;
            connect += s.connectErrors;
            read += s.readErrors;
            write += s.writeErrors;
            timeout += s.timeouts;
            non2xx += s.non2xx;
            sends += s.sends;
            late += s.lateSends;
            for (int code = 0; code < s.byStatus.length; code++) {
                if (s.byStatus[code] > 0) {
                    byStatus.merge(code, s.byStatus[code], Long::sum);
                }
            }
        }
        return new RunResult(
                collector.total(),
                collector.intervals(),
                startEpochMs,
                seconds,
                requests,
                bytes,
                connect,
                read,
                write,
                timeout,
                non2xx,
                byStatus,
                reqPerSec,
                sends,
                late,
                collector.uncorrectedTotal());
    }

    private void printProgress(
            long elapsedNs, Histogram interval, double seconds, List<LoadWorker> workers, Histogram total) {
        long errors = 0;
        for (LoadWorker w : workers) {
            errors += w.stats.errors();
        }
        double p99 = total.getTotalCount() == 0 ? 0 : total.getValueAtPercentile(99) / 1000.0;
        progress.printf(
                Locale.ROOT,
                "  [%5.1fs] %9.1f req/s   errors %d   p99 so far %s%n",
                elapsedNs / 1e9,
                interval.getTotalCount() / seconds,
                errors,
                WrkUnits.timeMs(p99));
        progress.flush();
    }

    private static void sleepUntil(long deadlineNs) throws InterruptedException {
        long left;
        while ((left = deadlineNs - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }
}
