package course.command;

/**
 * A value an option refused, said without the option's name ({@code "'abc' is not a duration; write e.g. 30s"}):
 * thrown by a picocli converter, which cannot know the option it serves, so {@link CourseCommandLine} puts the
 * option's first name in front ({@code --timeout 'abc' is not a duration; ...}). One converter then serves every
 * option that takes the same kind of value.
 */
public final class ValueException extends IllegalArgumentException {
    public ValueException(String reason) {
        super(reason);
    }
}
