package bench.server;

import course.command.CourseCommandLine;
import course.command.HelpOption;
import course.command.OptionValues;
import course.contract.storage.Entry;
import course.runtime.Launcher;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import solutions.stage1.EntityHandler;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

/**
 * The in-memory ceiling: the stage-1 reference's own one-nio server and protocol handler over a map instead of LSM
 * storage, so the benchmark's ratio is what storage costs. Prints READY like the Launcher and runs until killed.
 */
@Command(name = "java bench.server.InMemoryServerMain",
        description = "The in-memory ceiling of bench server (started by it).")
public final class InMemoryServerMain implements Callable<Integer> {
    @Mixin
    private HelpOption help;
    private int port;
    private long keys;
    private int valueSize;

    public static void main(String[] args) {
        int status = CourseCommandLine.execute(new InMemoryServerMain(), args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    @Option(names = "--port", required = true, paramLabel = "PORT", description = "Port to listen on.")
    void port(String value) {
        port = OptionValues.intBetween("--port", value, 1, 65535);
    }

    @Option(names = "--keys", required = true, paramLabel = "N", description = "Keys to hold.")
    void keys(String value) {
        keys = OptionValues.between("--keys", value, 1, 1_000_000_000L);
    }

    @Option(names = "--value-size", required = true, paramLabel = "B", description = "Bytes per value.")
    void valueSize(String value) {
        valueSize = OptionValues.intBetween("--value-size", value, 1, 64 << 20);
    }

    @Override
    public Integer call() throws Exception {
        BenchKeys data = new BenchKeys(keys, valueSize);
        InMemoryStorage storage = new InMemoryStorage();
        for (long i = 0; i < data.count(); i++) {
            storage.upsert(new Entry(data.key(i), data.value(i)));
        }
        SyncHttpServer server = new SyncHttpServer(port, Routes.of(EntityHandler.PATH, new EntityHandler(storage)));
        server.start();
        System.out.println(Launcher.READY + "http://localhost:" + port);
        System.out.flush();
        Thread.currentThread().join();
        return 0;
    }
}
