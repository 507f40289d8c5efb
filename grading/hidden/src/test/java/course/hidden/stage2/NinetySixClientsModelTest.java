package course.hidden.stage2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import course.harness.Checks;
import course.harness.Cluster;
import course.harness.KvClient;
import course.harness.NodeJvm;
import course.harness.Reply;
import course.harness.Seed;
import course.harness.Stage;
import course.harness.WithCluster;
import course.hidden.SeededValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * 96 clients at once, each with keys of its own and a model of them: random puts, deletes and reads must always
 * match the client's model, and the node answers everything. The statement allows a queue of 64 and any number of
 * workers, where 96 waiting clients would rightly get 503: the node starts with room for all of them and a long
 * deadline, so that this test is about concurrent clients, not overload.
 */
@Stage(2)
// QUICK_START: room for every client and a long deadline: concurrency, not overload
@WithCluster(
        nodes = 1,
        jvm = NodeJvm.QUICK_START,
        settings = {"course.queueCapacity=" + 2 * NinetySixClientsModelTest.CLIENTS, "course.deadlineMillis=60000"})
class NinetySixClientsModelTest {
    static final int CLIENTS = 96;
    private static final int OPERATIONS = 25;

    @Test
    @Checks("c-concurrent-requests")
    void everyClientSeesItsOwnHistory(Cluster cluster, Seed seed) throws Exception {
        KvClient c = cluster.client().withTimeout(Duration.ofSeconds(20));
        List<String> problems = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(CLIENTS)) {
            List<Future<List<String>>> clients = new ArrayList<>();
            for (int id = 0; id < CLIENTS; id++) {
                int client = id;
                Random random = new Random(seed.value() + client);
                clients.add(pool.submit(() -> run(c, client, random, seed.value())));
            }
            for (Future<List<String>> f : clients) {
                problems.addAll(f.get());
            }
        }
        assertEquals(List.of(), problems.stream().limit(10).toList(), problems.size() + " wrong answers");
    }

    private static List<String> run(KvClient c, int client, Random random, long seed) {
        Map<String, byte[]> model = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (int op = 0; op < OPERATIONS; op++) {
            String key = "c" + client + "-" + random.nextInt(6) + " ü&=";
            int kind = random.nextInt(4);
            Reply r;
            if (kind == 0) {
                r = c.delete(0, key);
                model.remove(key);
                check(problems, r, 202, null);
            } else if (kind == 1) {
                byte[] value = SeededValues.of(seed, client * 1000L + op, random.nextInt(300));
                r = c.put(0, key, value);
                model.put(key, value);
                check(problems, r, 201, null);
            } else {
                byte[] expected = model.get(key);
                r = c.get(0, key);
                check(problems, r, expected == null ? 404 : 200, expected);
            }
        }
        return problems;
    }

    private static void check(List<String> problems, Reply r, int status, byte[] body) {
        if (r.status() != status || (body != null && !Arrays.equals(body, r.body()))) {
            problems.add(r.request() + ": expected " + status + (body == null ? "" : " with " + body.length + " bytes")
                    + ", got " + r.describeAnswer());
        }
    }
}
