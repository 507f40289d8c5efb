package course.profiler;

/** What a frame in a flame graph is; the flame graph colours frames by kind. */
enum FrameKind {
    ROOT,
    JIT_COMPILED,
    INLINED,
    INTERPRETED,
    NATIVE,
    CPP,
    KERNEL,
    /** The class of an allocated object: the top of an allocation stack. */
    ALLOCATED_CLASS,
    /** The class of a contended lock: the top of a lock stack. */
    LOCK_CLASS;

    /** Maps the frame type names that async-profiler writes into JFR ("JIT compiled", "Kernel", ...). */
    static FrameKind fromJfrType(String type) {
        if (type == null) {
            return JIT_COMPILED;
        }
        return switch (type) {
            case "Inlined" -> INLINED;
            case "Interpreted" -> INTERPRETED;
            case "Native" -> NATIVE;
            case "C++" -> CPP;
            case "Kernel" -> KERNEL;
            default -> JIT_COMPILED; // "JIT compiled", "C1 compiled" and types newer versions may add
        };
    }

    boolean isJava() {
        return this == JIT_COMPILED || this == INLINED || this == INTERPRETED;
    }
}
