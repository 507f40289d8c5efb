package course.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** The machine a result was measured on, so results from different machines are never compared blindly. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Environment {
    public String cpuModel;
    public Integer cores;
    public Long memoryBytes;
    public String os;
    public String jdk;
    /** The server's heap setting, e.g. "-Xmx128m"; {@code null} when the server is not ours. */
    public String heap;

    public String gc;
    /** The hypervisor's name, "none" on bare metal, {@code null} when unknown. */
    public String hypervisor;
    /** Whether the vCPUs were kept from halting during the run (see the load kit's --stabilize). */
    public Boolean stabilized;

    /** The environment of this JVM's machine. */
    public static Environment probe() {
        Environment e = new Environment();
        e.cores = Runtime.getRuntime().availableProcessors();
        e.os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        e.jdk = System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version");
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        e.gc = gcs.stream().map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", "));
        e.cpuModel = firstValue(Path.of("/proc/cpuinfo"), "model name");
        String memKb = firstValue(Path.of("/proc/meminfo"), "MemTotal");
        if (memKb != null) {
            e.memoryBytes = Long.parseLong(memKb.replaceAll("[^0-9]", "")) * 1024;
        } else if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            e.memoryBytes = os.getTotalMemorySize();
        }
        e.hypervisor = hypervisor();
        return e;
    }

    /** Whether the CPU runs under a hypervisor: then loopback runs suffer steal unless the vCPUs are kept busy. */
    public static boolean underHypervisor() {
        String h = hypervisor();
        return h != null && !h.equals("none");
    }

    private static String hypervisor() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return null;
        }
        String flags = firstValue(cpuinfo, "flags");
        if (flags == null || !(" " + flags + " ").contains(" hypervisor ")) {
            return "none";
        }
        String vendor = readTrimmed(Path.of("/sys/class/dmi/id/sys_vendor"));
        return vendor == null || vendor.isEmpty() ? "unknown hypervisor" : vendor;
    }

    private static String firstValue(Path file, String key) {
        try (var lines = Files.lines(file)) {
            return lines.filter(l -> l.startsWith(key))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst()
                    .orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String readTrimmed(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
