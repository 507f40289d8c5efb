package grading.mutants.stage3;

import course.contract.ServiceConfig;
import course.contract.storage.Entry;
import course.contract.storage.Storage;
import grading.mutants.ForwardingStorage;
import grading.mutants.HandlerChange;
import grading.mutants.Mutant;
import grading.mutants.NodeHandlerMutant;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import solutions.stage1.RequestHandler;

@Mutant(
        stage = 3,
        sentences = "s3-values-uncompressed",
        breaks = "values are deflated before they are stored (to save"
                + " disk) and inflated when read: answers are right, but no value's bytes are on any disk",
        caughtBy =
                "course.tests.stage3.OneCopyPerKeyTest#aStoppedNodeTakesDownExactlyItsOwnKeys(int, course.harness.Seed)")
public final class ValuesCompressed extends NodeHandlerMutant {
    @Override
    protected RequestHandler handler(ServiceConfig config, Storage storage, HandlerChange.Reference reference)
            throws IOException {
        return reference.over(compressing(storage));
    }

    private static Storage compressing(Storage storage) {
        Storage deflating = ForwardingStorage.withUpsert(
                storage, e -> e.value() == null ? e : new Entry(e.key(), deflate(e.value())));
        return ForwardingStorage.withGet(deflating, (stored, key) -> {
            byte[] value = stored.get(key);
            return value == null ? null : inflate(value);
        });
    }

    private static byte[] deflate(byte[] value) {
        Deflater deflater = new Deflater();
        deflater.setInput(value);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length / 2 + 16);
        byte[] buffer = new byte[8192];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    private static byte[] inflate(byte[] stored) throws IOException {
        Inflater inflater = new Inflater();
        inflater.setInput(stored);
        ByteArrayOutputStream out = new ByteArrayOutputStream(stored.length * 2 + 16);
        byte[] buffer = new byte[8192];
        try {
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new IOException("a stored value is not deflated data");
                }
                out.write(buffer, 0, n);
            }
        } catch (DataFormatException e) {
            throw new IOException(e);
        } finally {
            inflater.end();
        }
        return out.toByteArray();
    }
}
