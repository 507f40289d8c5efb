package grading;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The first step of a grade: the code to grade, put into the workspace. A submission's own files are taken and
 * compiled; one declared for an earlier stage than the grade's, one that does not compile, or one whose declared
 * factory the tests cannot start (FactoryClass) gets no test run, and the notes say why. The course's own code is
 * already built.
 *
 * @param factory the factory the tests start: the submission's declared one, or the course's given by --factory
 * @param runnable whether the tests can run
 * @param notes what was taken, and why the tests cannot run when they cannot
 */
record Intake(String factory, boolean runnable, List<String> notes) {
    Intake {
        notes = List.copyOf(notes);
    }

    static Intake take(GradeOptions o, Workspace ws, PrintStream progress) throws IOException, InterruptedException {
        if (o.submission() == null) {
            ws.addCourseCode();
            return new Intake(o.factory(), true, List.of("graded the course's own " + o.factory()));
        }
        StudentFiles files = StudentFiles.find(o.submission());
        List<String> taken = ws.take(files);
        List<String> notes = new ArrayList<>();
        notes.add("took " + taken.size() + " file(s) from " + files.root() + ": " + String.join(", ", taken));
        progress.println("grade: took " + taken.size() + " file(s) from " + files.root());
        StudentFiles.Declaration declared = files.declaration();
        if (declared.stage() < o.stage()) {
            notes.add("submission.properties declares stage " + declared.stage() + ", but this grade is for stage "
                    + o.stage() + ": raise stage= to " + o.stage() + " to be graded for it");
            return new Intake(declared.factory(), false, notes);
        }
        progress.println("grade: compiling with javac --release 21 ...");
        String errors = ws.compile();
        if (errors != null) {
            notes.add("the submission does not compile:\n" + Messages.cut(errors));
            return new Intake(declared.factory(), false, notes);
        }
        Optional<String> problem = FactoryClass.problem(declared.factory(), ws.runtimeClasspath());
        if (problem.isPresent()) {
            List<String> factories = FactoryClass.factoriesIn(ws.classes, ws.runtimeClasspath());
            notes.add("submission.properties declares factory=" + declared.factory()
                    + ", which the tests cannot start: " + problem.get() + ". "
                    + (factories.isEmpty()
                            ? "No class of the submission is a public " + FactoryClass.FACTORY
                                    + " with a public no-argument constructor."
                            : "The submission's factories: " + String.join(", ", factories)
                                    + "; name yours in submission.properties."));
            return new Intake(declared.factory(), false, notes);
        }
        return new Intake(declared.factory(), true, notes);
    }
}
