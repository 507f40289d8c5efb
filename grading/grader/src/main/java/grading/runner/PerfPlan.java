package grading.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * What the performance JVM ({@link PerfRunner}) measures: a cluster of {@code nodes} nodes of {@code factory}, each
 * with {@code heap}, filled with {@code keys} values of {@code valueSize} bytes, then a saturation search of GETs by
 * {@code connections} connections on {@code threads} threads from {@code startRate} requests/s in at most
 * {@code maxSteps} steps of {@code stepSeconds}. It crosses the sandbox's process boundary as one line of JSON on the JVM's stdin, after the
 * report secret: a typed plan, not ten positional words.
 */
public record PerfPlan(
        String factory,
        int stage,
        int nodes,
        String heap,
        int connections,
        int threads,
        long keys,
        int valueSize,
        int startRate,
        int stepSeconds,
        int maxSteps) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public PerfPlan {
        if (factory == null || factory.isBlank()) {
            throw new IllegalArgumentException("the plan names no factory");
        }
        if (heap == null || !heap.matches("\\d+[kmg]")) {
            throw new IllegalArgumentException("heap must look like 256m, got '" + heap + "'");
        }
        if (stage < 1
                || nodes < 1
                || connections < 1
                || threads < 1
                || keys < 1
                || valueSize < 1
                || startRate < 1
                || stepSeconds < 1
                || maxSteps < 1) {
            throw new IllegalArgumentException(String.format(
                    "every number of the plan must be positive: stage %d,"
                            + " nodes %d, connections %d, threads %d, keys %d, valueSize %d, startRate %d, stepSeconds"
                            + " %d, maxSteps %d",
                    stage, nodes, connections, threads, keys, valueSize, startRate, stepSeconds, maxSteps));
        }
    }

    /** The plan as one line of JSON. */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + this + " as JSON: " + e.getMessage(), e);
        }
    }

    /** The plan written by {@link #toJson}; a missing or broken one is an {@link IllegalArgumentException}. */
    public static PerfPlan fromJson(String line) {
        if (line == null || line.isBlank()) {
            throw new IllegalArgumentException("no plan: expected one line of JSON after the report secret on stdin");
        }
        try {
            return JSON.readValue(line, PerfPlan.class);
        } catch (IOException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException bad ? bad : e;
            throw new IllegalArgumentException("the plan on stdin is not a PerfPlan: " + cause.getMessage(), e);
        }
    }
}
