package course.build;

/**
 * The agent of pom.xml beside it: it does nothing at run time. Being an agent is what puts its jar, and the jars its
 * manifest's Class-Path names (Error Prone's), on the application class path of the Maven JVM it is given to.
 */
public final class ErrorProneOnce {
    private ErrorProneOnce() {}

    /** Called before Maven's main; the class path is all this agent is for. */
    public static void premain(String args) {}
}
