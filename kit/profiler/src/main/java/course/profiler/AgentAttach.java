package course.profiler;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sends one async-profiler command (start, stop, ...) into a running JVM through the JDK's attach API, the way
 * {@code jcmd PID JVMTI.agent_load LIB "OPTIONS"} does but without starting a second JVM and without shell quoting.
 * The agent reports its messages into a log file that the command names, because its return code alone says nothing.
 */
final class AgentAttach {
    private AgentAttach() {}

    /** The outcome of one agent command: whether it succeeded and what the agent logged. */
    record Reply(boolean ok, String log) {
        /** The agent's log as one line, for error messages. */
        String logLine() {
            String line = log.strip().replaceAll("\\s*\\R\\s*", "; ");
            return line.isEmpty() ? "async-profiler gave no reason" : line;
        }
    }

    static Reply send(long pid, Path library, String options) throws IOException {
        Path log = Files.createTempFile("course-async-profiler-", ".log");
        try {
            boolean ok = load(pid, library, options + ",log=" + log.toAbsolutePath());
            return new Reply(ok, Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static boolean load(long pid, Path library, String options) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new IOException(
                    "cannot attach to JVM " + pid + ": " + e.getMessage() + ". The JVM must run as this"
                            + " user, on this machine, without -XX:+DisableAttachMechanism",
                    e);
        } catch (LinkageError e) {
            throw new IOException("this Java runtime lacks the jdk.attach module; run the profiler on a full JDK", e);
        }
        try {
            vm.loadAgentPath(library.toAbsolutePath().toString(), options);
            return true;
        } catch (AgentInitializationException e) {
            return false; // the agent ran and refused; its log says why
        } catch (AgentLoadException e) {
            throw new IOException(
                    "JVM " + pid + " could not load async-profiler from " + library + ": "
                            + e.getMessage() + ". If it says dynamic agent loading is disabled, start the node with"
                            + " -XX:+EnableDynamicAgentLoading",
                    e);
        } finally {
            vm.detach();
        }
    }
}
