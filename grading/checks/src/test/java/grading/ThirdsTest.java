package grading;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import org.junit.jupiter.api.Test;

class ThirdsTest {
    @Test
    void itemsOfKnownCostAreDealtLongestFirstToTheLeastHeldThird() {
        SequencedMap<Integer, Integer> seconds = new LinkedHashMap<>();
        // the hidden tests of stages 1-6 in a suite run: the two long stages alone, the four short ones together
        seconds.put(1, 156);
        seconds.put(2, 20);
        seconds.put(3, 56);
        seconds.put(4, 144);
        seconds.put(5, 7);
        seconds.put(6, 26);
        assertEquals(Map.of(1, 0, 4, 1, 3, 2, 6, 2, 2, 2, 5, 2), Thirds.longestFirst(seconds));
    }

    @Test
    void equalCostsGoInTheMapsOrderToTheLowerThird() {
        SequencedMap<String, Integer> costs = new LinkedHashMap<>();
        for (String item : new String[] {"a", "b", "c", "d"}) {
            costs.put(item, 10);
        }
        assertEquals(Map.of("a", 0, "b", 1, "c", 2, "d", 0), Thirds.longestFirst(costs));
    }
}
