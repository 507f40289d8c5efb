package bench.server;

import course.runtime.Launcher;
import course.contract.storage.Entry;
import solutions.stage1.EntityHandler;
import solutions.stage1.SyncHttpServer;

/**
 * The in-memory ceiling: the stage-1 reference's own one-nio server and protocol handler over a map instead of LSM
 * storage, so the benchmark's ratio is what storage costs. Arguments: port, keys, value size. Prints READY like the
 * Launcher and runs until killed.
 */
public final class InMemoryServerMain {
    private InMemoryServerMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        BenchKeys keys = new BenchKeys(Long.parseLong(args[1]), Integer.parseInt(args[2]));
        InMemoryStorage storage = new InMemoryStorage();
        for (long i = 0; i < keys.count(); i++) {
            storage.upsert(new Entry(keys.key(i), keys.value(i)));
        }
        SyncHttpServer server = new SyncHttpServer(port, new EntityHandler(storage));
        server.start();
        System.out.println(Launcher.READY + "http://localhost:" + port);
        System.out.flush();
        Thread.currentThread().join();
    }
}
