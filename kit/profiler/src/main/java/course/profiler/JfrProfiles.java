package course.profiler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a recording holds besides its stacks: how many samples each event got (an empty graph needs a reason on its
 * page) and the warnings async-profiler logged into it. The graphs themselves come from {@link FlameGraphs}.
 */
final class JfrProfiles {
    record Result(Map<ProfilerEvent, Long> samples, List<String> warnings) {}

    private JfrProfiles() {}

    static Result read(Path jfr) throws IOException {
        Map<ProfilerEvent, Long> samples = new EnumMap<>(ProfilerEvent.class);
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
                if (event != null) {
                    samples.merge(event, 1L, Long::sum);
                }
            }
        }
        return new Result(samples, warnings);
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
}
