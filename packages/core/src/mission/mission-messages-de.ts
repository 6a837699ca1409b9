import type { TranslationsOf } from '../i18n/define-messages'
import type { missionMessages } from './mission-messages'

/** The mission readers', writers' and checks' messages in German (loaded when German is chosen). */
export default {
  'core.mission': {
    'file/empty': 'Die Datei ist leer.',
    'file/not-json': 'Die Datei ist kein gültiges JSON.',
    'file/not-a-plan': 'Die Datei ist kein QGroundControl-Plan (ihr fileType ist {fileType}).',
    'file/version': 'Der Teil {part} der Datei hat die Version {version}, die diese Konsole nicht lesen kann.',
    'file/invalid': 'Die Datei kann nicht gelesen werden: {detail}.',
    'file/wpl-header': 'Die Datei ist keine Wegpunktliste im Format QGC WPL 110 (ihre erste Zeile ist „{header}“).',
    'file/wpl-columns': 'Zeile {line} der Wegpunktliste hat {count} Spalten statt 12.',
    'file/wpl-number': 'Zeile {line} der Wegpunktliste hat „{value}“ in Spalte {column}, das ist keine Zahl.',
    'file/wpl-position': 'Zeile {line} der Wegpunktliste hat eine Position außerhalb des Bereichs ({lat}, {lon}).',
    'file/not-xml': 'Die Datei ist kein wohlgeformtes XML: {detail}.',
    'file/not-kml': 'Die Datei ist XML, aber kein KML (ihr Wurzelelement ist {root}).',
    'file/kml-coordinates': 'Das KML-Element {where} hat keine verwendbaren Koordinaten: {detail}.',
    'file/not-geojson': 'Die Datei ist JSON, aber kein GeoJSON: {detail}.',
    'item/command': 'Element {number}: Der Befehl {command} hat in diesem Plan keinen Platz.',
    'item/frame': 'Element {number}: Der Befehl {command} nutzt das Koordinatensystem {frame}, das dieser Plan nicht nutzt.',
    'item/parameter': 'Element {number}: Der Befehl {command} setzt {parameter} auf {value}; dieser Plan behält das nicht.',
    'item/altitude-mode': 'Element {number}: Der Höhenmodus {mode} (von QGroundControl über Gelände berechnet) wird nicht übernommen.',
    'item/no-altitude': 'Element {number}: Der Befehl {command} hat keine Höhe.',
    'item/speed-alone': 'Element {number}: Eine Geschwindigkeitsänderung ohne folgenden Wegpunkt.',
    'item/speed-kind': 'Element {number}: Eine Geschwindigkeitsänderung der Art {speedKind} (übernommen werden nur Luft- und Grundgeschwindigkeit).',
    'item/complex': 'Element {number}: {kind} hat in diesem Plan keinen Platz.',
    'item/survey-setting': 'Element {number}: Die Vermessungseinstellung {setting} ({value}) wird nicht übernommen.',
    'item/geometry': 'Form {number}: {kind} hat hier keinen Platz.',
    'item/holes':
      'Form {number}: {count, plural, one {Das Loch} other {Die # Löcher}} des Polygons {count, plural, one {wird} other {werden}} nicht übernommen.',
    'item/not-written':
      '{kind, select, polygon {Zaunpolygon} circle {Zaunkreis} rally {Sammelpunkt} other {Startposition}} {number} wird in dieses Format nicht geschrieben.',
    'item/flat': 'Element {number}: Seine Höhe wird nicht geschrieben (die Formen sind flach).',
    'item/expanded': 'Element {number}: Die Vermessung wird als {count, plural, one {ihr Wegpunkt} other {ihre # Wegpunkte}} geschrieben.',
    'finding/no-waypoints': 'Die Mission hat keine Wegpunkte.',
    'finding/outside-fence':
      'Element {number}: Punkt {point} liegt außerhalb {shape, select, circle {des Einschlusskreises} other {des Einschlusspolygons}} {fence}.',
    'finding/inside-fence':
      'Element {number}: Punkt {point} liegt {shape, select, circle {im Ausschlusskreis} other {im Ausschlusspolygon}} {fence}.',
    'finding/altitude-limits': 'Element {number}: Die Höhe {alt} m liegt außerhalb der Grenzen der Plattform ({min} bis {max} m).',
    'finding/altitude-unknown': 'Element {number}: Eine Höhe über dem Meeresspiegel lässt sich ohne Startposition nicht prüfen.',
    'finding/on-land': 'Element {number}: Punkt {point} liegt an Land.',
  },
} satisfies TranslationsOf<{ messages: typeof missionMessages }>
