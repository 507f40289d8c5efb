package course.profiler;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * The JVM the tests profile: one thread burns CPU, one allocates, two fight over a lock, each in a method with a
 * name no JDK class has. With a port argument it also listens on 127.0.0.1 (0 picks a free port).
 * It exits when its stdin closes (the test ended) or after the given number of seconds, whichever comes first.
 */
// sink only keeps the JIT from dropping the work; a lost update does not matter.
@SuppressWarnings("NonAtomicVolatileUpdate")
public final class BusyJvm {
    private static final Object LOCK = new Object();
    private static volatile long sink;
    private static volatile byte[] kept;

    private BusyJvm() {}

    public static void main(String[] args) throws Exception {
        long lifetimeMillis = Long.parseLong(args[0]) * 1000;
        long end = System.currentTimeMillis() + lifetimeMillis;
        ServerSocket server = args.length > 1
                ? new ServerSocket(Integer.parseInt(args[1]), 50, InetAddress.getLoopbackAddress())
                : null;
        start("burner", () -> {
            while (System.currentTimeMillis() < end) {
                sink += burnCpuRecognisably(200_000);
            }
        });
        start("allocator", () -> {
            while (System.currentTimeMillis() < end) {
                allocateRecognisably();
                pause(1);
            }
        });
        for (int i = 0; i < 2; i++) {
            start("contender-" + i, () -> {
                while (System.currentTimeMillis() < end) {
                    contendRecognisably();
                }
            });
        }
        pause(500); // let the hot methods get compiled before anyone profiles
        System.out.println("ready pid=" + ProcessHandle.current().pid()
                + (server == null ? "" : " port=" + server.getLocalPort()));
        System.out.flush();
        Thread stdinWatch = start("stdin-watch", () -> {
            try {
                while (System.in.read() >= 0) {
                    // the test writes nothing; EOF means it is gone
                }
            } catch (IOException e) {
                // same as EOF
            }
        });
        stdinWatch.join(Math.max(1, end - System.currentTimeMillis()));
        System.exit(0);
    }

    static long burnCpuRecognisably(int rounds) {
        long x = 17;
        for (int i = 0; i < rounds; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }

    static void allocateRecognisably() {
        for (int i = 0; i < 64; i++) {
            kept = new byte[2048 + i];
            sink += kept.length;
        }
    }

    static void contendRecognisably() {
        synchronized (LOCK) {
            pause(3);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
