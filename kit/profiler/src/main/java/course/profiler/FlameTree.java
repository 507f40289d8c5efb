package course.profiler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Call stacks merged into a tree: each node's weight is the sum of the samples whose stack passes through it. */
final class FlameTree {
    /** One frame of a stack: a method (or class, for allocation and lock tops) and its kind. */
    record Frame(String name, FrameKind kind) {
    }

    /** A frame at one position in the tree. */
    static final class Node {
        private final String name;
        private final FrameKind kind;
        private final Map<Frame, Node> children = new LinkedHashMap<>();
        private long total;
        private long self;

        private Node(String name, FrameKind kind) {
            this.name = name;
            this.kind = kind;
        }

        String name() {
            return name;
        }

        FrameKind kind() {
            return kind;
        }

        /** Weight of all stacks through this node. */
        long total() {
            return total;
        }

        /** Weight of the stacks that end at this node. */
        long self() {
            return self;
        }

        Collection<Node> children() {
            return children.values();
        }
    }

    private final Node root;
    private long samples;

    FlameTree(String rootName) {
        this.root = new Node(rootName, FrameKind.ROOT);
    }

    /** Adds one stack, outermost frame first, with its weight (samples, bytes or nanoseconds). */
    void add(List<Frame> outermostFirst, long weight) {
        if (weight <= 0) {
            return;
        }
        samples++;
        Node node = root;
        node.total += weight;
        for (Frame frame : outermostFirst) {
            Node parent = node;
            node = parent.children.computeIfAbsent(frame, f -> new Node(f.name(), f.kind()));
            node.total += weight;
        }
        node.self += weight;
    }

    Node root() {
        return root;
    }

    long total() {
        return root.total;
    }

    /** How many stacks were added. */
    long samples() {
        return samples;
    }

    /** Self weight summed per frame name over the whole tree, heaviest first: the "hottest methods" table. */
    List<Map.Entry<Frame, Long>> selfByFrame(int limit) {
        Map<Frame, Long> sums = new LinkedHashMap<>();
        List<Node> pending = new ArrayList<>(root.children());
        while (!pending.isEmpty()) {
            Node node = pending.removeLast();
            if (node.self > 0) {
                sums.merge(new Frame(node.name, node.kind), node.self, Long::sum);
            }
            pending.addAll(node.children());
        }
        return sums.entrySet().stream()
                .sorted(Map.Entry.<Frame, Long>comparingByValue().reversed())
                .limit(limit)
                .toList();
    }
}
