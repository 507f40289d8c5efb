package grading.mutants;

import java.util.ArrayList;
import java.util.List;

/** The reference factories that exist in this checkout (solutions.stageN.StageNFactory), stage by stage. */
public final class References {
    public static final int MAX_STAGE = 6;

    private References() {
    }

    public static String factory(int stage) {
        return "solutions.stage" + stage + ".Stage" + stage + "Factory";
    }

    public static boolean exists(int stage) {
        try {
            Class.forName(factory(stage), false, References.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    public static List<Integer> stages() {
        List<Integer> stages = new ArrayList<>();
        for (int s = 1; s <= MAX_STAGE && exists(s); s++) {
            stages.add(s);
        }
        return stages;
    }
}
