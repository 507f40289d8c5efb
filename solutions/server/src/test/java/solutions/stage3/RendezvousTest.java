package solutions.stage3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rendezvous hashing's promises to stage 4: the ranking of a key's nodes is by score, best first, a permutation of the
 * cluster whose first node is the key's owner, so that the replica set for a smaller count is a prefix of a larger
 * one's.
 */
class RendezvousTest {
    private static final List<String> NODES =
            List.of("http://localhost:8080", "http://localhost:8081", "http://localhost:8082", "http://localhost:8083");

    private static byte[] key(int i) {
        return ("key-" + i).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theRankingIsEveryNodeOnceBestScoreFirstAndStartsWithTheOwner() {
        Rendezvous rendezvous = new Rendezvous(NODES);
        for (int i = 0; i < 200; i++) {
            byte[] key = key(i);
            List<String> ranking = rendezvous.ranking(key, NODES.size());
            assertEquals(NODES.size(), ranking.size(), "key-" + i + ": " + ranking);
            assertEquals(new HashSet<>(NODES), new HashSet<>(ranking), "key-" + i + ": every node once: " + ranking);
            assertEquals(rendezvous.owner(key), ranking.get(0), "key-" + i + ": the owner ranks first");
            for (int r = 1; r < ranking.size(); r++) {
                long better = rendezvous.score(NODES.indexOf(ranking.get(r - 1)), key);
                long worse = rendezvous.score(NODES.indexOf(ranking.get(r)), key);
                assertTrue(
                        Long.compareUnsigned(better, worse) > 0,
                        "key-" + i + ": " + ranking + " is not by score at place " + r);
            }
        }
    }

    @Test
    void theOwnerHasTheHighestScore() {
        Rendezvous rendezvous = new Rendezvous(NODES);
        for (int i = 0; i < 200; i++) {
            byte[] key = key(i);
            int owner = NODES.indexOf(rendezvous.owner(key));
            for (int n = 0; n < NODES.size(); n++) {
                assertTrue(
                        n == owner || Long.compareUnsigned(rendezvous.score(owner, key), rendezvous.score(n, key)) > 0,
                        "key-" + i + ": node " + n + " scores higher than its owner " + owner);
            }
        }
    }

    @Test
    void aSmallerCountGivesAPrefixAndALargerOneTheWholeCluster() {
        Rendezvous rendezvous = new Rendezvous(NODES);
        byte[] key = key(7);
        List<String> all = rendezvous.ranking(key, NODES.size());
        for (int count = 0; count <= NODES.size(); count++) {
            assertEquals(all.subList(0, count), rendezvous.ranking(key, count), "count " + count);
        }
        assertEquals(all, rendezvous.ranking(key, NODES.size() + 3), "more than the cluster has: all of it");
    }

    @Test
    void itKnowsTheClusterItWasGiven() {
        Rendezvous rendezvous = new Rendezvous(NODES);
        assertEquals(NODES.size(), rendezvous.size());
        for (int n = 0; n < NODES.size(); n++) {
            assertEquals(NODES.get(n), rendezvous.url(n));
        }
    }
}
