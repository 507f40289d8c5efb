package bench.server;

import bench.BenchValues.Count;
import bench.BenchValues.ValueBytes;
import course.command.CourseCommand;
import course.command.CourseCommandLine;
import course.command.OptionValues.Port;
import course.contract.storage.Entry;
import course.runtime.Launcher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import solutions.stage1.EntityHandler;
import solutions.stage1.Routes;
import solutions.stage1.SyncHttpServer;

/**
 * The in-memory ceiling: the stage-1 reference's own one-nio server and protocol handler over a map instead of LSM
 * storage, so the benchmark's ratio is what storage costs. Prints READY like the Launcher and runs until killed.
 */
@Command(
        name = "java bench.server.InMemoryServerMain",
        resourceBundle = "bench.BenchOptions",
        description = "The in-memory ceiling of bench server (started by it).")
public final class InMemoryServerMain extends CourseCommand {
    // One line an option: the help texts are in BenchOptions.properties (picocli's resource bundle).
    @Option(names = "--port", required = true, paramLabel = "PORT", converter = Port.class)
    private int port;

    @Option(
            names = "--keys",
            required = true,
            paramLabel = "N",
            converter = Count.class,
            descriptionKey = "memory.keys")
    private long keys;

    @Option(
            names = "--value-size",
            required = true,
            paramLabel = "B",
            converter = ValueBytes.class,
            descriptionKey = "memory.value")
    private int valueSize;

    public static void main(String[] args) {
        int status = CourseCommandLine.execute(new InMemoryServerMain(), args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
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
