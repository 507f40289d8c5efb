package course.load;

import static course.load.CommandRun.load;
import static course.load.CommandRun.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import course.results.LoadRun;
import course.results.Results;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contention is measured and flagged: busy processes beside a run flag it (end to end, real processes); the rule is
 * checked with measured values as inputs, because on a shared machine "not flagged" cannot be asserted of a real run.
 */
class ContentionTest {
    @TempDir
    Path dir;

    @Test
    void twoBusyLoopsBesideARunFlagIt() throws Exception {
        List<ProcessHandle> loops = new ArrayList<>();
        try (TestHttpServer server = new TestHttpServer()) {
            for (int i = 0; i < 2; i++) {
                loops.add(orphanBusyLoop());
            }
            Path json = dir.resolve("run.json");
            CommandRun o = load(
                    words("--url %s -R 500 -c 4 -t 1 -d 3s --no-stabilize --no-progress --out %s", server.url(), json));
            String text = o.out();
            assertEquals(0, o.code(), text + o.err());
            LoadRun run = Results.read(json, LoadRun.class);
            assertNotNull(run.contention, "every run records contention");
            assertNotNull(run.contention.otherProcessesCpuSeconds, "/proc is readable on the test machine");
            // Two loops over 3 s take up to 6 CPU-seconds; on 2 shared cores they get at least a good part of that.
            assertTrue(
                    run.contention.otherProcessesCpuSeconds >= 1.5,
                    "the two busy loops' CPU was counted: " + run.contention.otherProcessesCpuSeconds + "\n" + text);
            assertTrue(run.flagged(LoadRun.Flag.CONTENTION), "flags: " + run.flags + "\n" + text);
            assertTrue(text.contains("WARNING (contention): CPU contention during the run"), text);
            assertTrue(text.contains("Contention: other processes "), text);
            assertEquals("off", run.contention.stabilize.mode());
            assertTrue(
                    Results.violations(run).isEmpty(), Results.violations(run).toString());
        } finally {
            loops.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle p : loops) {
                p.onExit().get();
            }
        }
    }

    /**
     * A busy loop that is not this JVM's child: here the test JVM is both the generator and the target, and their
     * children count as theirs (a generator may run wrk2, a target its nodes), so a child would not be "another
     * process". The shell that starts it exits at once and the loop is left to init, like a process of its own.
     */
    private static ProcessHandle orphanBusyLoop() throws Exception {
        Process starter = new ProcessBuilder("sh", "-c", "(while :; do :; done) >/dev/null 2>&1 & echo $!").start();
        String pid = new String(starter.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        starter.waitFor();
        return ProcessHandle.of(Long.parseLong(pid))
                .orElseThrow(() -> new AssertionError("busy loop " + pid + " gone"));
    }

    @Test
    void aQuietRunIsNotFlaggedAndEachMeasurePastItsThresholdIs() {
        assertNull(ContentionRule.judge(LoadRun.Contention.of(3.0, 0.1, 0.4, 2.0)), "a quiet run");
        assertNull(
                ContentionRule.judge(LoadRun.Contention.of(null, null, null, null)),
                "nothing measurable is not contention");
        assertNull(
                ContentionRule.judge(LoadRun.Contention.of(20.0, 5.0, 5.0, 25.0)), "at the thresholds is still fine");
        String others = ContentionRule.judge(LoadRun.Contention.of(3.0, 0.1, 18.4, 46.0));
        assertTrue(others.contains("other processes took 18.4 CPU-seconds (46% of all CPUs, above 25%)"), others);
        String psi = ContentionRule.judge(LoadRun.Contention.of(35.0, 0.1, 2.0, 8.0));
        assertTrue(psi.contains("waited for a CPU 35% of the time"), psi);
        assertNull(
                ContentionRule.judge(LoadRun.Contention.of(52.0, 0.1, 0.05, 0.4)),
                "pressure with no one else around is the run's own (measured: 52% at 25k PUT/s on 2 vCPUs)");
        String own = ContentionRule.saturated(LoadRun.Contention.of(52.0, 0.1, 0.05, 0.4));
        assertTrue(own != null && own.contains("saturated by the run itself"), own);
        assertNull(
                ContentionRule.saturated(LoadRun.Contention.of(35.0, 0.1, 2.0, 8.0)),
                "others' share makes it contention");
        assertTrue(
                ContentionRule.judge(LoadRun.Contention.of(35.0, 0.1, null, null)) != null,
                "with other processes unmeasurable, pressure counts as contention");
        String steal = ContentionRule.judge(LoadRun.Contention.of(null, 12.5, null, null));
        assertTrue(steal.contains("CPU steal 12.5% (above 5%)"), steal);
    }

    /** The kinds of a run's flags, in order. */
    private static List<String> kinds(List<LoadRun.Flag> flags) {
        return flags.stream().map(f -> f.kind).toList();
    }

    @Test
    void aFlaggedRunCarriesAContentionFlagNextToTheOthers() {
        assertEquals(
                List.of(LoadRun.Flag.CONTENTION),
                kinds(LoadRunDocument.flags(1000, 1000, 0, LoadRun.Contention.of(3.0, 0.1, 18.4, 46.0))));
        assertEquals(List.of(), LoadRunDocument.flags(1000, 1000, 0, LoadRun.Contention.of(3.0, 0.1, 0.4, 2.0)));
        assertEquals(
                List.of(LoadRun.Flag.CPU_SATURATED),
                kinds(LoadRunDocument.flags(25000, 25000, 0.05, LoadRun.Contention.of(52.0, 0.1, 0.05, 0.4))),
                "a run that saturates the CPUs itself is neither contention nor a generator to give threads to");
    }

    @Test
    void lateSendsOnAContendedMachineAreTheMachinesNotTheGenerators() {
        assertEquals(
                List.of(LoadRun.Flag.GENERATOR_BEHIND),
                kinds(LoadRunDocument.flags(1000, 1000, 0.05, LoadRun.Contention.of(3.0, 0.1, 0.4, 2.0))));
        List<LoadRun.Flag> busy = LoadRunDocument.flags(1000, 1000, 0.05, LoadRun.Contention.of(90.0, 0.1, 3.7, 44.0));
        assertEquals(List.of(LoadRun.Flag.CONTENTION), kinds(busy));
        assertTrue(busy.get(0).message.contains("5.0% of requests went out over 1 ms late"), busy.get(0).message);
    }

    @Test
    void processTimesAreReadPastACommandWithSpacesAndParentheses() {
        ProcessCpu.Entry e = ProcessCpu.parse("4242 (my (odd) cmd) S 1 4242 4242 0 -1 4194560 100 0 0 0 "
                + "250 50 0 0 20 0 1 0 777 1000 10 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0");
        assertEquals(new ProcessCpu.Entry(4242, 777, 300, 0), e);
    }

    /**
     * A process that starts and ends between two snapshots is in neither listing, as every process of another pid
     * namespace is (the grader's sandbox lists only its own): its CPU counts all the same, from the machine's total.
     */
    @Test
    void cpuOfProcessesTheListingNeverShowsCountsFromTheMachinesTotal() throws Exception {
        Path stat = Files.createTempFile("contention-burner", ".stat");
        try {
            ProcessCpu before = ProcessCpu.snapshot();
            assertNotNull(before);
            // An orphan (its parent shell exits at once), so not ours: it burns about half a second of CPU, writes
            // its own /proc stat line and ends before the second snapshot.
            String burner = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; cat /proc/$$/stat > " + stat;
            new ProcessBuilder("sh", "-c", "sh -c '" + burner + "' &").start().waitFor();
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (Files.size(stat) == 0 || !Files.readString(stat).endsWith("\n")) {
                assertTrue(System.nanoTime() < deadline, "the burner never wrote its stat line");
                Thread.sleep(50);
            }
            ProcessCpu.Entry burnt = ProcessCpu.parse(Files.readString(stat));
            // It ends right after the write; gone from /proc once whoever adopted it has reaped it.
            while (ProcessHandle.of(burnt.pid()).isPresent() || Files.exists(Path.of("/proc/" + burnt.pid()))) {
                assertTrue(System.nanoTime() < deadline, "the burner " + burnt.pid() + " is still in /proc");
                Thread.sleep(50);
            }
            ProcessCpu after = ProcessCpu.snapshot();
            // Only this JVM is ours: what the listing shows of the others (a busy machine's other work) and the
            // burner, which it does not show, are both others' CPU.
            Set<Long> ours = Set.of(ProcessHandle.current().pid());
            double others = after.otherSecondsSince(before, ours);
            double listed = after.listedOtherSecondsSince(before, ours);
            double burnerSeconds = burnt.cpuTicks() / ProcessCpu.TICKS_PER_SECOND;
            assertTrue(burnerSeconds > 0.1, "the burner took " + burnerSeconds + " s of CPU");
            // The machine's count and the processes' differ by a tick or two.
            assertTrue(
                    others >= listed + burnerSeconds - 0.05,
                    "others took " + others + " s: less than the " + listed + " s of the listed ones and the "
                            + burnerSeconds + " s of the process that ended unlisted");
        } finally {
            Files.deleteIfExists(stat);
        }
    }

    @Test
    void theMachinesBusyTimeIsItsWallTimeLessIdleNotItsTickedUserAndSystemTime() {
        // cpu user nice system idle iowait irq softirq steal guest guest_nice; 2 CPUs up for 10 s: 2,000 ticks
        assertEquals(
                new MachineCpu(2000L - (1500 + 10 + 5 + 5 + 2), 2000L, 2L),
                MachineCpu.of("cpu  300 0 100 1500 10 5 5 2 0 0", 10.0, 2));
        assertNull(MachineCpu.of("cpu  300 0 100", 10.0, 2), "a line without idle and steal");
    }

    /**
     * Three seconds of a step on the course VM, watched from outside once a second: the processes of the run took
     * 332 ticks and nothing else ran, but /proc/stat's user + system grew by 440 (the kernel bunched ticks it then
     * lost over the next seconds), which read as 1.1 s of "others", 18% of the two CPUs, and made the step contended.
     * Idle time grew by 268 of the 600 ticks, which says 332 busy.
     */
    @Test
    void ticksTheKernelBunchedAreNotAnotherProcessesCpu() {
        ProcessCpu.Entry runBefore = new ProcessCpu.Entry(25, 1000, 5000, 0);
        ProcessCpu.Entry runAfter = new ProcessCpu.Entry(25, 1000, 5000 + 332, 0);
        ProcessCpu before = new ProcessCpu(
                Map.of(25L, runBefore), MachineCpu.of("cpu  40000 0 9000 150000 0 0 0 0 0 0", 1000.0, 2));
        ProcessCpu after =
                new ProcessCpu(Map.of(25L, runAfter), MachineCpu.of("cpu  40400 0 9040 150268 0 0 0 0 0 0", 1003.0, 2));
        assertEquals(0.0, after.otherSecondsSince(before, Set.of(25L)), 0.011);
        // Files that are not one machine's view (more busy time than the CPUs had): the listing's figure stands.
        ProcessCpu odd = new ProcessCpu(
                Map.of(25L, runAfter, 26L, new ProcessCpu.Entry(26, 1100, 7, 0)),
                MachineCpu.of("cpu  40400 0 9040 149000 0 0 0 0 0 0", 1003.0, 2));
        assertEquals(0.07, odd.otherSecondsSince(before, Set.of(25L)), 1e-9);
    }

    @Test
    void otherProcessesCountFromTheirStartAndNotTheExcludedOnes() {
        ProcessCpu me = ProcessCpu.snapshot();
        assertNotNull(me);
        long self = ProcessHandle.current().pid();
        double others = ProcessCpu.snapshot().otherSecondsSince(me, Set.of(self));
        assertTrue(others >= 0, "never negative: " + others);
    }

    @Test
    void pressureIsTheShareOfWallTimeWithATaskWaiting() {
        assertEquals(123456L, CpuPressure.parseTotal("some avg10=1.00 avg60=0.50 avg300=0.10 total=123456"));
        assertEquals(25.0, CpuPressure.percent(1_000_000L, 1_500_000L, 2_000_000_000L), 1e-9);
        assertNull(CpuPressure.percent(null, 5L, 1_000_000_000L), "no PSI on this kernel");
        assertNull(CpuPressure.someTotalUs(Path.of("/no/such/pressure")));
    }

    @Test
    void theDefaultStabilizesOnlyWhenTheProbeSawSteal() {
        LoadRun.Stabilize quiet = StabilizeDecision.fromProbe(true, 0.1, 1.0);
        assertEquals("auto", quiet.mode());
        assertEquals("plain", quiet.decision());
        assertTrue(quiet.evidence().contains("CPU steal 0.10% over a 1.0 s probe"), quiet.evidence());
        assertEquals("stabilized", StabilizeDecision.fromProbe(true, 12.0, 1.0).decision());
        assertEquals("plain", StabilizeDecision.fromProbe(false, null, 0).decision());
        assertEquals("plain", StabilizeDecision.fromProbe(true, null, 1.0).decision());
    }

    @Test
    void anExplicitChoiceIsKeptAndSaidSo() throws Exception {
        assertEquals("on", StabilizeDecision.decide(true).mode());
        assertEquals("stabilized", StabilizeDecision.decide(true).decision());
        LoadRun.Stabilize off = StabilizeDecision.decide(false);
        assertEquals("plain", off.decision());
        assertFalse(off.evidence().isEmpty());
    }
}
