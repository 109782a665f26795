# A Homebrew formula that builds scenelog from a clone of its repository (head only: there is
# no release archive to point at). From the clone, in a tap of your own:
#
#   brew tap-new "$USER/tools"
#   cp Packaging/scenelog.rb "$(brew --repository "$USER/tools")/Formula/"
#   HOMEBREW_SCENELOG_SOURCE="$PWD" brew install --HEAD "$USER/tools/scenelog"
#
# HOMEBREW_SCENELOG_SOURCE is the clone (a path or a git URL); brew passes HOMEBREW_ variables to
# formulae. Without it, the folder brew runs in is taken.
class Scenelog < Formula
  desc "Reads iPhone and iPad console logs: UIScene readiness and why a launch went black"
  homepage "https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle"
  head ENV.fetch("HOMEBREW_SCENELOG_SOURCE", Dir.pwd), using: :git, branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.3", :build] # Swift 6.1
  depends_on "libarchive"
  depends_on "pcre2"
  depends_on "sqlite"

  def install
    # libarchive and sqlite are keg-only: pkg-config finds them through PKG_CONFIG_PATH.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["libarchive"].opt_lib/"pkgconfig"
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["sqlite"].opt_lib/"pkgconfig"
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "scenelog"
    # The OTLP export (scenelog hands a run with --otlp-endpoint to it, beside it in bin).
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "scenelog-otlp"
    bin.install ".build/release/scenelog", ".build/release/scenelog-otlp"
    generate_completions_from_executable(bin/"scenelog", "--generate-completion-script")
    system "swift", "package", "--disable-sandbox", "--allow-writing-to-package-directory",
           "generate-manual", "--multi-page"
    man1.install Dir[".build/plugins/GenerateManual/outputs/scenelog/*.1"]
  end

  test do
    (testpath/"capture.log").write <<~LOG
      Oct  7 21:14:05 iPhone BepXanh(UIKitCore)[1873] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.
    LOG
    output = shell_output("#{bin}/scenelog scan --fail-on never --format json #{testpath}/capture.log")
    assert_match "scene-lifecycle-not-adopted", output
  end
end
