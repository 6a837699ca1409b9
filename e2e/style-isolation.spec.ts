import { expect, test } from '@playwright/test'

// The reference app imports @honu/console-react/styles.css into the page (no shadow root): every rule of it is
// scoped under the console's own classes, gridstack's included, so the page's own elements keep their styles.
test("the console's stylesheet in the page leaves the page's own gridstack grid and headings alone", async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  const styles = await page.evaluate(() => {
    const grid = document.createElement('div')
    grid.className = 'grid-stack grid-stack-animate ui-resizable-resizing'
    grid.innerHTML =
      '<div class="grid-stack-item ui-draggable-dragging" gs-x="0" gs-y="0"><div class="grid-stack-item-content">x</div><div class="ui-resizable-handle ui-resizable-se"></div></div><h1>Page</h1>'
    document.body.append(grid)
    const read = (el: Element) => {
      const s = getComputedStyle(el)
      return {
        position: s.position,
        display: s.display,
        backgroundImage: s.backgroundImage,
        transform: s.transform,
        fontWeight: s.fontWeight,
        margin: s.margin,
        zIndex: s.zIndex,
      }
    }
    const result = [grid, ...grid.querySelectorAll('*')].map(read)
    grid.remove()
    return result
  })
  // As the browser draws these elements with no stylesheet: static boxes, no gridstack handle image, default h1.
  for (const s of styles.slice(0, 4)) {
    expect(s.position).toBe('static')
    expect(s.backgroundImage).toBe('none')
    expect(s.transform).toBe('none')
    expect(s.zIndex).toBe('auto')
  }
  expect(styles[4]).toMatchObject({ display: 'block', fontWeight: '700' })
})
