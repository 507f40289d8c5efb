package course.results;

/**
 * A results document of a measured node (a load run, a saturation search): besides the student, the factory it
 * measured and where that was read. A run is the reference's only by this factory, never by a missing student.
 */
public abstract class AuthoredDocument extends ResultDocument {
    /**
     * The ServiceFactory class of the node measured, {@code null} when not known (then so is whether this is the
     * reference's run: documents older than this field are read that way too).
     */
    public String factory;
    /** Where {@link #factory} comes from: the node's own command line, or only the checkout's declaration. */
    public FactorySource factorySource;

    protected AuthoredDocument(String kind) {
        super(kind);
    }
}
