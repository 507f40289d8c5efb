package course.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where a run's {@code factory} comes from. The two differ in what they prove, so readers (the site) can tell a fact
 * about the server measured from what the checkout only declares.
 */
public enum FactorySource {
    /** The command line of the JVM listening on the target's port ({@code course.runtime.Launcher --factory CLASS}). */
    @JsonProperty("node")
    NODE,
    /**
     * The {@code factory=} line of the submission.properties of the checkout the command ran in: the node could not be
     * inspected (another machine or user, or not started through the launcher).
     */
    @JsonProperty("submission")
    SUBMISSION
}
