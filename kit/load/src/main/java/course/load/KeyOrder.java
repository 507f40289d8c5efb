package course.load;

import java.util.Locale;

/** How keys are drawn from the key space: in turn, uniformly at random, or skewed towards a few hot keys. */
public enum KeyOrder {
    SEQUENTIAL, UNIFORM, ZIPFIAN;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static KeyOrder parse(String text) throws UsageException {
        for (KeyOrder o : values()) {
            if (o.label().equals(text)) {
                return o;
            }
        }
        throw new UsageException("--key-order '" + text + "' is not one of sequential, uniform, zipfian");
    }
}
