package course.load;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeySourceTest {
    @Test
    void keysAreFixedWidthAndSortInNumericOrder() {
        assertEquals("k0000123", new KeySource(KeyOrder.UNIFORM, 1000).format(123));
        assertEquals("k000000005", new KeySource(KeyOrder.UNIFORM, 1_000_000_000).format(5));
    }

    @Test
    void sequentialWrapsAroundTheKeySpace() {
        KeySource keys = new KeySource(KeyOrder.SEQUENTIAL, 3);
        SplittableRandom r = new SplittableRandom(1);
        long[] got = {keys.next(r), keys.next(r), keys.next(r), keys.next(r)};
        assertEquals("[0, 1, 2, 0]", Arrays.toString(got));
    }

    @Test
    void uniformAndZipfianStayInRangeAndZipfianIsSkewed() {
        long n = 10_000;
        SplittableRandom r = new SplittableRandom(42);
        KeySource uniform = new KeySource(KeyOrder.UNIFORM, n);
        KeySource zipf = new KeySource(KeyOrder.ZIPFIAN, n);
        int uniformHot = 0;
        int zipfHot = 0;
        for (int i = 0; i < 100_000; i++) {
            long u = uniform.next(r);
            long z = zipf.next(r);
            assertTrue(u >= 0 && u < n && z >= 0 && z < n);
            uniformHot += u < 10 ? 1 : 0;
            zipfHot += z < 10 ? 1 : 0;
        }
        // The 10 hottest of 10000 keys: 0.1% of uniform draws, about a third of zipfian (theta 0.99) draws.
        assertTrue(uniformHot < 300, "uniform " + uniformHot);
        assertTrue(zipfHot > 20_000, "zipfian " + zipfHot);
    }

    @Test
    void sameSeedSameRequests() throws Exception {
        LoadOptions o =
                LoadOptions.parse("--url", "http://localhost:8080", "-R", "1", "--workload", "mixed", "--seed", "5");
        RequestFactory a = new RequestFactory(o, new KeySource(KeyOrder.UNIFORM, 1000), 5);
        RequestFactory b = new RequestFactory(o, new KeySource(KeyOrder.UNIFORM, 1000), 5);
        Target t = o.targets().get(0);
        for (int i = 0; i < 20; i++) {
            assertEquals(new String(a.next(t), UTF_8), new String(b.next(t), UTF_8));
        }
    }
}
