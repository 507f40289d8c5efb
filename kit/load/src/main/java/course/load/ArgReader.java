package course.load;

import java.util.List;

/**
 * Walks a command line in wrk's style: {@code --name value}, {@code --name=value}, {@code -R 1000} and {@code -R1000}.
 */
final class ArgReader {
    private static final String SHORT_WITH_VALUE = "Rctd";

    private final List<String> args;
    private int next;
    private String name;
    private String inlineValue;

    ArgReader(List<String> args) {
        this.args = args;
    }

    /** Advances to the next option; false at the end. */
    boolean advance() throws UsageException {
        if (next >= args.size()) {
            return false;
        }
        String arg = args.get(next++);
        inlineValue = null;
        if (arg.startsWith("--")) {
            int eq = arg.indexOf('=');
            name = eq < 0 ? arg : arg.substring(0, eq);
            inlineValue = eq < 0 ? null : arg.substring(eq + 1);
        } else if (arg.length() > 2 && arg.charAt(0) == '-' && SHORT_WITH_VALUE.indexOf(arg.charAt(1)) >= 0) {
            name = arg.substring(0, 2);
            inlineValue = arg.substring(2);
        } else if (arg.startsWith("-") && arg.length() > 1) {
            name = arg;
        } else {
            throw new UsageException("unexpected argument '" + arg + "'; options start with - or -- (see --help)");
        }
        return true;
    }

    String name() {
        return name;
    }

    /** The current option's value (inline or the next argument). */
    String value() throws UsageException {
        if (inlineValue != null) {
            String v = inlineValue;
            inlineValue = null;
            return v;
        }
        if (next >= args.size()) {
            throw new UsageException(name + " needs a value (see --help)");
        }
        return args.get(next++);
    }

    void noValue() throws UsageException {
        if (inlineValue != null) {
            throw new UsageException(name + " takes no value, got '" + inlineValue + "'");
        }
    }
}
