package course.load;

import course.command.Stages;
import course.profiler.PortOwner;
import course.results.AuthoredDocument;
import course.results.FactorySource;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Who a run measured, recorded in its results so that no reader has to guess (a run without a student used to be
 * taken for the course's reference): the ServiceFactory of the node and the student.
 *
 * <p>The load kit only knows a URL. When the URL's port is a local JVM started through the course's launcher
 * ({@code ./course run}, the tests and the grader put {@code --factory CLASS} on its command line), its factory is a
 * fact about the server measured ({@link FactorySource#NODE}). Otherwise the factory is what the checkout the command
 * runs in declares in submission.properties ({@link FactorySource#SUBMISSION}), marked as such because nothing proves
 * that this factory answered. The student is {@code --student}, else the {@code student=} of submission.properties
 * when the run measured the declared factory; nothing is assumed when neither says.
 *
 * @param factory       the ServiceFactory class, or null when not known
 * @param factorySource where {@code factory} comes from, null with it
 * @param student       the student's name or pseudonym, or null when not known
 */
public record Author(String factory, FactorySource factorySource, String student) {
    /** The main class every course node runs (course.runtime.Launcher; kit-load does not depend on the runtime). */
    static final String LAUNCHER = "course.runtime.Launcher";
    /** How a JVM is told its factory without {@code --factory}: the runtime's Submission reads it first. */
    private static final String FACTORY_PROPERTY = "-Dcourse.factory=";

    /** Only what {@code --student} said (or nothing): the author before the command has looked at anything. */
    static Author given(String student) {
        return new Author(null, null, student);
    }

    /** The author of a run of the command line: the node first, then the checkout's declaration (see the class). */
    static Author of(List<Target> targets, String studentOption, Stages.Declaration declared) {
        return of(nodeFactory(targets), studentOption, declared);
    }

    static Author of(String nodeFactory, String studentOption, Stages.Declaration declared) {
        String factory = nodeFactory != null ? nodeFactory : declared.factory();
        FactorySource source =
                nodeFactory != null ? FactorySource.NODE : declared.factory() != null ? FactorySource.SUBMISSION : null;
        // The declared student wrote the declared factory; a node running another one (a reference started in the
        // course repository) is not theirs.
        boolean declaredOne = factory == null || factory.equals(declared.factory());
        String student = studentOption != null ? studentOption : declaredOne ? declared.student() : null;
        return new Author(factory, source, student);
    }

    /** The factory of the node on the first target, read from its command line; null when that cannot be told. */
    static String nodeFactory(List<Target> targets) {
        if (targets.isEmpty() || !isLocal(targets.get(0).host())) {
            return null;
        }
        try {
            return factoryInCommandLine(
                    commandLine(PortOwner.pidListeningOn(targets.get(0).port())));
        } catch (IOException | RuntimeException e) {
            return null; // nobody listens, several do, or another user's process: not known, and said so as null
        }
    }

    /**
     * The factory a launcher's command line names: {@code --factory CLASS} (or {@code --factory=CLASS}) after the
     * launcher's class, else {@code -Dcourse.factory=CLASS}; null when it is not a launcher's command line or names no
     * factory (then the node runs the submission.properties on its own classpath, which this command cannot see).
     */
    static String factoryInCommandLine(List<String> args) {
        int main = args.indexOf(LAUNCHER);
        if (main < 0) {
            return null;
        }
        for (int i = main + 1; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--factory") && i + 1 < args.size()) {
                return blankToNull(args.get(i + 1));
            }
            if (a.startsWith("--factory=")) {
                return blankToNull(a.substring("--factory=".length()));
            }
        }
        for (String a : args.subList(0, main)) {
            if (a.startsWith(FACTORY_PROPERTY)) {
                return blankToNull(a.substring(FACTORY_PROPERTY.length()));
            }
        }
        return null;
    }

    void recordIn(AuthoredDocument doc) {
        doc.student = student;
        doc.factory = factory;
        doc.factorySource = factorySource;
    }

    /** One line for the command's stderr: what the results will say about who was measured, and how to say more. */
    String describe(String command) {
        String what = switch (factorySource == null ? "none" : factorySource.name()) {
            case "NODE" -> factory + " (the node's command line)";
            case "SUBMISSION" -> factory + " (declared in " + Stages.SUBMISSION + "; the node itself was not seen)";
            default -> "an unknown factory";
        };
        String who = student != null
                ? "student " + student
                : "no student (--student NAME or student= in " + Stages.SUBMISSION + " to name one)";
        return command + ": measuring " + what + ", " + who;
    }

    private static List<String> commandLine(long pid) throws IOException {
        Path proc = Path.of("/proc", Long.toString(pid), "cmdline");
        if (Files.isReadable(proc)) {
            String text = new String(Files.readAllBytes(proc), StandardCharsets.UTF_8);
            return Arrays.asList(text.split("\0"));
        }
        ProcessHandle.Info info = ProcessHandle.of(pid)
                .map(ProcessHandle::info)
                .orElseThrow(() -> new IOException("pid " + pid + " is gone"));
        return info.arguments().map(Arrays::asList).orElse(List.of());
    }

    /** Whether a target's host is this machine: only then is the process on its port the server measured. */
    private static boolean isLocal(String host) {
        try {
            InetAddress address = InetAddress.getByName(host.replaceAll("^\\[|]$", ""));
            return address.isLoopbackAddress()
                    || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
