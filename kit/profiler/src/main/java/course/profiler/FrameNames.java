package course.profiler;

import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;

/** Turns JFR frames and classes into the names a flame graph shows. */
final class FrameNames {
    // Lambdas and method handles are hidden classes named per run (Foo$$Lambda.0x0000000031158438); without the
    // address, the same lambda merges into one frame and profiles of two runs can be compared.
    private static final Pattern HIDDEN_CLASS_ADDRESS = Pattern.compile("[./]0x[0-9a-fA-F]+");

    private FrameNames() {
    }

    static FlameTree.Frame of(RecordedFrame frame) {
        FrameKind kind = FrameKind.fromJfrType(frame.getType());
        RecordedMethod method = frame.getMethod();
        if (method == null) {
            return new FlameTree.Frame("[unknown]", kind);
        }
        String name = method.getName();
        if (!kind.isJava()) {
            return new FlameTree.Frame(name, kind);
        }
        RecordedClass type = method.getType();
        String className = type == null ? "" : withoutAddress(type.getName());
        return new FlameTree.Frame(className.isEmpty() ? name : className + "." + name, kind);
    }

    static String withoutAddress(String className) {
        return HIDDEN_CLASS_ADDRESS.matcher(className).replaceAll("");
    }

    /** A readable class name: JFR gives arrays as descriptors ("[B", "[Ljava.lang.String;"). */
    static String className(RecordedClass type) {
        if (type == null || type.getName() == null) {
            return "[unknown class]";
        }
        String name = type.getName();
        int dimensions = 0;
        while (dimensions < name.length() && name.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions == 0) {
            return withoutAddress(name);
        }
        String element = elementName(name.substring(dimensions));
        return element + "[]".repeat(dimensions);
    }

    private static String elementName(String descriptor) {
        return switch (descriptor) {
            case "B" -> "byte";
            case "C" -> "char";
            case "D" -> "double";
            case "F" -> "float";
            case "I" -> "int";
            case "J" -> "long";
            case "S" -> "short";
            case "Z" -> "boolean";
            default -> descriptor.startsWith("L") && descriptor.endsWith(";")
                    ? withoutAddress(descriptor.substring(1, descriptor.length() - 1))
                    : descriptor;
        };
    }
}
