package solutions.stage6;

import java.io.ByteArrayOutputStream;

/**
 * A key as a range chunk carries it: its bytes, with {@code %} written {@code %25} and a newline byte {@code %0A}.
 * A key may hold any byte (stage 1), and a reader splits {@code <key>\n<value>} at its first newline, so a newline of
 * the key would otherwise end the key early. Every other byte stays as it is, so a key without either of the two
 * reads exactly as the original course's clients expect.
 */
final class RangeKeys {
    private RangeKeys() {}

    static byte[] escape(byte[] key) {
        int extra = 0;
        for (byte b : key) {
            if (b == '%' || b == '\n') {
                extra += 2;
            }
        }
        if (extra == 0) {
            return key; // the common case: nothing to copy
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(key.length + extra);
        for (byte b : key) {
            if (b == '%') {
                out.writeBytes(new byte[] {'%', '2', '5'});
            } else if (b == '\n') {
                out.writeBytes(new byte[] {'%', '0', 'A'});
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }
}
