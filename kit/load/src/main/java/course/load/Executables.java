package course.load;

import java.io.File;

/** Finds programs on PATH, the way a shell would, so missing tools are reported before anything starts. */
final class Executables {
    private Executables() {}

    /** The absolute path of {@code name} on PATH, or {@code null}. */
    static String find(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, name);
            if (f.isFile() && f.canExecute()) {
                return f.getAbsolutePath();
            }
        }
        return null;
    }
}
