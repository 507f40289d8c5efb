package course.load;

/**
 * Counters of one worker thread. Only that thread writes them; the progress line reads the volatile ones while the
 * run goes, and everything is read again after the worker has been joined.
 */
final class WorkerStats {
    volatile long completed;
    volatile long bytesRead;
    volatile long connectErrors;
    volatile long readErrors;
    volatile long writeErrors;
    volatile long timeouts;
    volatile long non2xx;
    /** Requests the generator itself sent more than {@link LoadWorker#LATE_SEND_NS} after they were due. */
    volatile long lateSends;

    volatile long sends;
    final long[] byStatus = new long[600];

    long errors() {
        return connectErrors + readErrors + writeErrors + timeouts + non2xx;
    }
}
