package grading.mutants.stage3;

import grading.mutants.Mutant;
import java.nio.charset.StandardCharsets;
import java.util.List;
import solutions.stage3.Rendezvous;

@Mutant(
        stage = 3,
        sentences = "s3-rendezvous",
        breaks = "rendezvous hashing with a hash that does not mix: the score of a URL for a key is (url + key)"
                + ".hashCode(), which for keys of one length differ in their last characters barely changes, so one "
                + "node owns nearly all of them",
        caughtBy = "course.tests.stage3.EvenSpreadTest#tenThousandKeysSpreadEvenly")
public final class ScoresByStringHashCode extends RendezvousMutant {
    @Override
    protected Rendezvous rendezvous(List<String> urls) {
        return new Rendezvous(urls) {
            @Override
            protected long score(int node, byte[] key) {
                return (url(node) + new String(key, StandardCharsets.UTF_8)).hashCode();
            }
        };
    }
}
