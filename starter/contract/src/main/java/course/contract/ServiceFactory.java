package course.contract;

/**
 * Creates the student's (or the reference's) node. The class is named, together with the stage it implements, in
 * {@code src/main/resources/submission.properties} ({@code factory=...}, {@code stage=N}); tests, the course's
 * launcher and the grader create nodes only through it.
 *
 * <p>Implementations need a public no-argument constructor. <a id="c-create-opens-nothing"></a>{@link #create} only
 * builds the node: it must not open the port or start threads (that is {@link Service#start()}'s job), so creating a
 * node never fails because of another node. It may be called many times in one JVM, from any thread, for nodes with
 * different configs; <a id="c-nodes-share-nothing"></a>nodes of one factory share no state (every node keeps its data
 * in its own {@link ServiceConfig#workingDir()}).
 */
public interface ServiceFactory {
    /**
     * A new, stopped node for {@code config}.
     *
     * @throws IllegalArgumentException the config asks for something this node cannot do (say what)
     */
    Service create(ServiceConfig config);
}
