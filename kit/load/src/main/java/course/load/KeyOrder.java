package course.load;

/** How keys are drawn from the key space: in turn, uniformly at random, or skewed towards a few hot keys. */
public enum KeyOrder {
    SEQUENTIAL,
    UNIFORM,
    ZIPFIAN;

    public String label() {
        return Values.word(this);
    }
}
