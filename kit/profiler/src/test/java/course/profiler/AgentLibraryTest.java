package course.profiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentLibraryTest {
    @Test
    void theLibraryForThisPlatformIsExtractedOnceAndReused() throws IOException {
        Path first = AgentLibrary.extracted();
        Path second = AgentLibrary.extracted();
        assertEquals(first, second);
        assertTrue(first.toString().contains(AgentLibrary.version()), "cached per version: " + first);
        try (InputStream in =
                getClass().getClassLoader().getResourceAsStream(AgentLibrary.platform() + "/libasyncProfiler.so")) {
            assertArrayEquals(in.readAllBytes(), Files.readAllBytes(first));
        }
    }

    @Test
    void theAgentIsStartedWithAllEventsInOneJfrSession() {
        String options = Profiler.startOptions(
                Profiler.parse(List.of("lock", "cpu", "alloc", "wall")),
                "itimer",
                Path.of("/tmp/out/.recording-1.jfr"));
        assertEquals(
                "start,event=itimer,interval=10ms,alloc=512k,lock=10us,wall=20ms,jfr,"
                        + "file=/tmp/out/.recording-1.jfr",
                options);
    }
}
