// Recipe 2, the custom element: defines <honu-console>, whose console loads when the element connects.
import '@honu/console-react/element'

const element = document.createElement('honu-console')
element.setAttribute('api-base', 'https://api.example.com')
element.setAttribute('base-path', '/ops')
document.getElementById('root')!.append(element)
