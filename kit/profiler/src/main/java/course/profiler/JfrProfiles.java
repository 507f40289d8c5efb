package course.profiler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Splits an async-profiler JFR recording into one call tree per profiled event. The async-profiler jar on Maven
 * Central carries no JFR converter, and the JDK reads JFR itself (jdk.jfr.consumer), so the split happens here.
 */
final class JfrProfiles {
    /** The trees per event, and the warnings async-profiler logged into the recording. */
    record Result(Map<ProfilerEvent, FlameTree> trees, List<String> warnings) {
    }

    private JfrProfiles() {
    }

    static Result read(Path jfr, Collection<ProfilerEvent> events) throws IOException {
        Map<ProfilerEvent, FlameTree> trees = new EnumMap<>(ProfilerEvent.class);
        for (ProfilerEvent event : events) {
            trees.put(event, new FlameTree("all"));
        }
        List<String> warnings = new ArrayList<>();
        try (RecordingFile recording = new RecordingFile(jfr)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent recorded = recording.readEvent();
                String type = recorded.getEventType().getName();
                if (type.equals("profiler.Log")) {
                    warnings.add(recorded.getString("level") + ": " + recorded.getString("message"));
                    continue;
                }
                ProfilerEvent event = eventOf(type);
                FlameTree tree = event == null ? null : trees.get(event);
                if (tree != null) {
                    tree.add(stack(recorded, event), weight(recorded, type));
                }
            }
        }
        return new Result(trees, warnings);
    }

    private static ProfilerEvent eventOf(String jfrType) {
        return switch (jfrType) {
            case "jdk.ExecutionSample" -> ProfilerEvent.CPU; // cpu and itimer both write this type
            case "profiler.WallClockSample" -> ProfilerEvent.WALL;
            case "jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB", "jdk.ObjectAllocationSample" ->
                    ProfilerEvent.ALLOC;
            case "jdk.JavaMonitorEnter", "jdk.ThreadPark" -> ProfilerEvent.LOCK;
            default -> null;
        };
    }

    private static long weight(RecordedEvent recorded, String type) {
        return switch (type) {
            case "profiler.WallClockSample" -> recorded.hasField("samples") ? recorded.getInt("samples") : 1;
            // async-profiler stores the allocation volume one sample stands for in tlabSize.
            case "jdk.ObjectAllocationInNewTLAB" -> {
                long tlab = recorded.getLong("tlabSize");
                yield tlab > 0 ? tlab : recorded.getLong("allocationSize");
            }
            case "jdk.ObjectAllocationOutsideTLAB" -> recorded.getLong("allocationSize");
            case "jdk.ObjectAllocationSample" -> recorded.getLong("weight");
            case "jdk.JavaMonitorEnter", "jdk.ThreadPark" -> Math.max(1, recorded.getDuration().toNanos());
            default -> 1;
        };
    }

    private static List<FlameTree.Frame> stack(RecordedEvent recorded, ProfilerEvent event) {
        List<FlameTree.Frame> frames = new ArrayList<>();
        RecordedStackTrace trace = recorded.getStackTrace();
        if (trace != null) {
            List<RecordedFrame> innermostFirst = trace.getFrames();
            for (int i = innermostFirst.size() - 1; i >= 0; i--) {
                frames.add(FrameNames.of(innermostFirst.get(i)));
            }
        }
        // Like async-profiler's own graphs: allocation and lock stacks end in the class allocated or waited for.
        if (event == ProfilerEvent.ALLOC) {
            frames.add(new FlameTree.Frame(FrameNames.className(recorded.getClass("objectClass")),
                    FrameKind.ALLOCATED_CLASS));
        } else if (event == ProfilerEvent.LOCK) {
            String field = recorded.hasField("monitorClass") ? "monitorClass" : "parkedClass";
            frames.add(new FlameTree.Frame(FrameNames.className(recorded.getClass(field)), FrameKind.LOCK_CLASS));
        }
        return frames;
    }
}
