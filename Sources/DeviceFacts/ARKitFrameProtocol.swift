/// The one-minute recording that settles the ARKit frame (`ARKitFrameDecision`), as `parallax arkit-frame
/// --protocol` prints it and docs/arkit-frame.md holds it.
package enum ARKitFrameProtocol {
    package static let text = """
    Recording protocol for `parallax arkit-frame` (about one minute, one person, one phone)

    Record with ParallaxRecorder (AppInTheLoop/Recorder/ParallaxRecorder.swift, added to the app's debug build as its
    header says) running in the app's own face-tracking session, the app configured as it ships.

    1. Launch: hold the phone upright (portrait, screen vertical) at arm's length, face in view, head still.
       Start recording and keep still for 3 s.
    2. Phone only (20 s): keep the head still; tilt the phone back and forth by about 30° about each of its
       axes in turn — top edge away and toward you (pitch), turn it left and right like a steering wheel (roll),
       turn it left and right about its long edge (yaw) — keeping the face in view. Turn it about the camera
       as well as you can (it is near the top of the phone): moving it sideways blurs the answer.
    3. Rest 2 s with the phone still again.
    4. Head only (20 s): hold the phone still (lean your elbows on a table); move your head by about 10 cm,
       in this order, returning to rest after each: up, down, left, right (left and right as you see the
       screen), about 2 s each way.
    5. Cover the camera with a hand for 2 s, then uncover it (the face loss a device probe decides
       arkit-loss from; parallax device-check).
    6. Stop recording; copy the CSV, and the probe, from the app's Documents folder (Files app, or Xcode's
       Devices window).

    Then: parallax arkit-frame recording.csv
    It finds the two segments from the attitude (the phone turning faster than 10°/s, over ±0.25 s),
    decides gravity or camera from the phone segment (gravity: the face stays where it was; camera: the face
    turns with the phone), and the screen's right and up axes from the head segment.
    """
}
