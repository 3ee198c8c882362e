"""Issue 38: a photo sent without the editor's script (which re-encodes it) is served with no GPS
and no EXIF but its Orientation, and a slightly malformed one is refused rather than kept as it
came. Real JPEGs made by Pillow, sent the way a browser without JavaScript sends the editor."""

from __future__ import annotations

import io
import re
from pathlib import Path

import requests
from PIL import Image

from conftest import DEADLINE, api_all

GPS_IFD = 0x8825
ORIENTATION = 0x0112
FIELDS = {
    "name": "Geotagged Sour", "kind": "alcoholic", "category": "Sour", "glass": "coupe", "method": "shaken",
    "preparationMinutes": "3", "shortDescription": "Gin and lime, photographed at home.",
    "row.0.amount": "2", "row.0.unit": "oz", "row.0.ingredient": "gin",
    "row.1.amount": "1", "row.1.unit": "oz", "row.1.ingredient": "lime juice",
    "step.0": "Shake with ice and strain.",
}


def phone_photo(orientation: int = 6) -> bytes:
    """A JPEG as a phone writes it: EXIF with the camera, the orientation and a GPS position,
    XMP, a comment, and a second JPEG (a gain map's place) after the first one's end."""
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    exif[0x010F] = "PhoneMaker"
    exif[0x0110] = "Pix 9"
    gps = exif.get_ifd(GPS_IFD)
    gps.update({1: "N", 2: (45.0, 27.0, 51.0), 3: "E", 4: (9.0, 11.0, 24.0)})
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://ns.adobe.com/xap/1.0/"/></x:xmpmeta>'
    picture = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 40, 60)).save(picture, "JPEG", exif=exif, comment=b"shot at home", xmp=xmp)
    second = io.BytesIO()
    Image.new("L", (32, 24), 128).save(second, "JPEG", exif=exif)
    return picture.getvalue() + second.getvalue()


def with_stray_byte_after_app1(photo: bytes) -> bytes:
    """`photo` with one byte of zero after its EXIF segment, where the next marker should be."""
    start = photo.index(b"\xff\xe1")
    end = start + 2 + int.from_bytes(photo[start + 2:start + 4], "big")
    return photo[:end] + b"\x00" + photo[end:]


def send_editor(server, picture: bytes, name: str) -> requests.Response:
    """Posts the new-drink editor with `picture`, as a browser without JavaScript does."""
    session = requests.Session()
    page = session.get(f"{server.url}/cocktails/new", timeout=DEADLINE)
    token = re.search(r'name="csrf" value="([0-9a-f]{64})"', page.text).group(1)
    fields = {**FIELDS, "name": name, "csrf": token}
    confirm = [("confirm", fields["row.0.ingredient"]), ("confirm", fields["row.1.ingredient"])]
    return session.post(f"{server.url}/cocktails/new", data=list(fields.items()) + confirm,
                        files={"picture": ("photo.jpg", picture, "image/jpeg")}, allow_redirects=False, timeout=DEADLINE)


def stored_files(server) -> list[str]:
    folder = Path(server.database).parent / "images"
    return sorted(path.name for path in folder.iterdir()) if folder.exists() else []


def test_a_phone_photo_is_served_without_gps_and_keeps_only_its_orientation(module_server):
    photo = phone_photo(orientation=6)
    sent = Image.open(io.BytesIO(photo))
    assert sent.getexif().get_ifd(GPS_IFD), "the photo sent has a GPS position"
    assert b"http://ns.adobe.com/xap" in photo and photo.count(b"\xff\xd8") == 2

    response = send_editor(module_server, photo, "Geotagged Sour")
    assert response.status_code == 303, response.text
    drink_id = re.search(r"/cocktails/(my-\d+)", response.headers["Location"]).group(1)
    drink = requests.get(f"{module_server.url}/api/v1/cocktails/{drink_id}", timeout=DEADLINE).json()
    assert drink["imageURL"].startswith("/images/imported/"), drink["imageURL"]
    served = requests.get(module_server.url + drink["imageURL"], timeout=DEADLINE)
    assert served.status_code == 200 and served.headers["Content-Type"] == "image/jpeg"

    picture = Image.open(io.BytesIO(served.content))
    exif = picture.getexif()
    assert dict(exif) == {ORIENTATION: 6}, dict(exif)
    assert exif.get_ifd(GPS_IFD) == {}
    assert "comment" not in picture.info and "xmp" not in picture.info, picture.info.keys()
    assert served.content.count(b"\xff\xd8") == 1, "the second JPEG is gone"
    assert b"PhoneMaker" not in served.content and b"http://ns.adobe.com/xap" not in served.content
    picture.load()
    assert picture.size == (64, 48)


def test_a_photo_with_a_stray_byte_after_its_exif_is_refused_and_not_stored(module_server):
    before = stored_files(module_server)
    response = send_editor(module_server, with_stray_byte_after_app1(phone_photo()), "Broken Sour")
    assert response.status_code == 422, response.status_code
    assert "This picture could not be read cleanly" in response.text
    assert stored_files(module_server) == before
    names = [drink["name"] for drink in api_all(module_server)["cocktails"]]
    assert "Broken Sour" not in names
