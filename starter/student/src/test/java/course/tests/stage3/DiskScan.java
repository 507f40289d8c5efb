package course.tests.stage3;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Finds which nodes keep a value on disk by looking for its bytes in the files of each node's working directory.
 * The values the tests write are random, so finding one means the node stored that value; this is why the
 * statement asks to store value bytes uncompressed.
 */
public final class DiskScan {
    private final List<byte[]> contents;

    private DiskScan(List<byte[]> contents) {
        this.contents = contents;
    }

    /** Reads every file under the directories once; call it after the nodes stopped, so everything is flushed. */
    public static DiskScan of(List<Path> nodeDirs) {
        return new DiskScan(nodeDirs.stream().map(DiskScan::readAll).toList());
    }

    /** Indexes of the nodes whose files contain the bytes. */
    public List<Integer> nodesHolding(byte[] value) {
        return IntStream.range(0, contents.size())
                .filter(i -> indexOf(contents.get(i), value) >= 0)
                .boxed()
                .toList();
    }

    private static byte[] readAll(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> regular = files.filter(Files::isRegularFile).sorted().toList();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (Path f : regular) {
                all.write(Files.readAllBytes(f));
                all.write(0); // a value never spans two files
            }
            return all.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the node's files under " + dir, e);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Override
    public String toString() {
        return "DiskScan"
                + Arrays.toString(contents.stream().mapToInt(c -> c.length).toArray());
    }
}
