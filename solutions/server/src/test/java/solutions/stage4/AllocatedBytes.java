package solutions.stage4;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/** Bytes the calling thread has allocated so far: HotSpot counts every allocation of a thread, copies included. */
final class AllocatedBytes {
    private AllocatedBytes() {}

    static long ofThisThread() {
        return ((ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().threadId());
    }
}
