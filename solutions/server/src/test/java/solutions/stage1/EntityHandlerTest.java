package solutions.stage1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The target a later stage sends to another node names exactly the key's bytes, whatever they are. */
class EntityHandlerTest {
    @Test
    void theTargetForAnotherNodeIsThePathWithTheKeysBytesPercentEncoded() {
        byte[] key = "a b#c/ü".getBytes(StandardCharsets.UTF_8);
        assertEquals("/v0/entity?id=a%20b%23c%2F%C3%BC", EntityHandler.uriOf(key));
    }
}
