"""`COTAS_LEIS_EXTRAS` na linha de comando: as leis de fora do pacote entram no catálogo do
`cotas` como entram no da aplicação web (e as de `--leis PASTA`); um arquivo ilegível ou
malformado é avisado com o nome e os erros dele e fica de fora, sem quebrar o comando que não o
usa, e `cotas --help` continua funcionando; `cotas leis --conferir` lista os erros de um
arquivo de uma vez."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.cli.conftest import COTAS

LEI_DE_TESTE = Path(__file__).resolve().parents[1] / "web" / "leis" / "lei-3-grupos.toml"


def _cotas(*args: str, extras: str) -> subprocess.CompletedProcess[str]:
    ambiente = {**os.environ, "COTAS_LEIS_EXTRAS": extras}
    return subprocess.run(
        [str(COTAS), *args], capture_output=True, text=True, env=ambiente, timeout=120, check=False
    )


def test_a_lei_de_fora_do_pacote_entra_no_catalogo() -> None:
    r = _cotas("leis", extras=str(LEI_DE_TESTE))
    assert r.returncode == 0, r.stderr
    assert "teste-br/lei-3-2026" in r.stdout


def test_leis_malformadas_ou_ilegiveis_sao_avisadas_e_nao_quebram_o_comando(
    tmp_path: Path,
) -> None:
    """Cada arquivo ruim é avisado em português, com o nome dele, e fica de fora; o comando que
    não o usa segue (código 0), com a lei boa que veio junto."""
    ruim = tmp_path / "ruim.toml"
    ruim.write_text('id = "x"\n', encoding="utf-8")
    quebrada = tmp_path / "quebrada.toml"
    quebrada.write_text("id = \n", encoding="utf-8")
    ausente = tmp_path / "ausente.toml"
    caminhos = (ruim, quebrada, ausente, LEI_DE_TESTE)
    r = _cotas("leis", extras=os.pathsep.join(map(str, caminhos)))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert f"{ruim}: falta 'norma'" in r.stderr
    assert f"{quebrada}: TOML inválido" in r.stderr
    assert f"{ausente}: não foi possível ler a lei (o arquivo ou a pasta não existe)" in r.stderr
    assert r.stderr.count("aviso: lei de fora do pacote ignorada") == 3
    assert "teste-br/lei-3-2026" in r.stdout


def test_a_pasta_de_leis_pela_opcao_leis(tmp_path: Path) -> None:
    (tmp_path / "teste-br").mkdir()
    (tmp_path / "teste-br" / "lei-3-2026.toml").write_text(
        LEI_DE_TESTE.read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "teste-br" / "testes").mkdir()
    (tmp_path / "teste-br" / "testes" / "um-teste.toml").write_text("[certame]\n")
    # Os editais e os modelos guardados junto das leis não são leis: nem lidos como uma.
    editais = Path(__file__).resolve().parents[2] / "exemplos" / "editais"
    (tmp_path / "teste-br" / "edital.toml").write_text(
        (editais / "edital-93-2026.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "teste-br" / "modelo.toml").write_text(
        next((editais / "modelos").glob("*.toml")).read_text(encoding="utf-8"), encoding="utf-8"
    )
    r = _cotas("--leis", str(tmp_path), "leis", extras="")
    assert r.returncode == 0, r.stderr
    assert "teste-br/lei-3-2026" in r.stdout and "aviso" not in r.stderr


def test_conferir_um_arquivo_lista_todos_os_erros_de_uma_vez(tmp_path: Path) -> None:
    ruim = tmp_path / "ruim.toml"
    ruim.write_text(
        'id = "x"\n[vigencia]\ninicio = "ontem"\n[[parametros]]\nnome = "zzz"\n',
        encoding="utf-8",
    )
    r = _cotas("leis", "--conferir", str(ruim), extras="")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    for erro in (
        "falta 'norma'",
        "falta 'titulo'",
        "[vigencia]: 'inicio' deve ser uma data",
        "falta [[grupos]]",
        "parâmetro 'zzz': parâmetro desconhecido pelo motor",
    ):
        assert erro in r.stderr
    r = _cotas("leis", "--conferir", str(LEI_DE_TESTE), extras="")
    assert r.returncode == 0 and "lei conferida, sem erros" in r.stdout


def test_a_ajuda_nao_depende_das_leis_de_fora(tmp_path: Path) -> None:
    ruim = tmp_path / "ruim.toml"
    ruim.write_text('id = "x"\n', encoding="utf-8")
    r = _cotas("--help", extras=str(ruim))
    assert r.returncode == 0 and "uso: cotas" in r.stdout


EDITAIS = Path(__file__).resolve().parents[2] / "exemplos" / "editais"


def test_conferir_um_edital_ou_um_modelo_lista_todos_os_erros_com_a_linha() -> None:
    """O edital e o modelo são reconhecidos pela tabela [edital] ou [modelo] e lidos como
    `--edital` os lê: cada erro com o arquivo, a linha e a coluna, todos de uma vez."""
    ruim = EDITAIS / "recusados" / "edital-24-2026-pcd-no-total-mal-colocada.toml"
    r = _cotas("leis", "--conferir", str(ruim), extras="")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"{ruim}: 4 erro(s):" in r.stderr
    nome = ruim.name
    for erro in (
        f'{nome}, linha 16, coluna 14, chave "reserva_pcd_no_total.reservadas": Edital nº '
        "24/2026, item 5.1: 0 vagas PcD no total de 11",
        f'{nome}, linha 22, coluna 10, chave "reserva_pcd_no_total.colocacao.cargos": Edital '
        "nº 24/2026, item 5.2: o cargo 'FIS' não está no quadro",
        "3 vagas PcD no cargo 'MOT', que tem 2 vagas no edital",
        "a colocação soma 5 vagas PcD",
    ):
        assert erro in r.stderr
    for bom, o_que in (
        (EDITAIS / "edital-22-2026-pcd-no-total.toml", "edital conferido"),
        (EDITAIS / "edital-93-2026.toml", "edital conferido"),
        (EDITAIS / "modelos" / "autarquia-exemplo-concurso@2026.1.toml", "modelo de edital"),
    ):
        r = _cotas("leis", "--conferir", str(bom), extras="")
        assert r.returncode == 0, r.stderr
        assert f"{o_que}" in r.stdout and "sem erros" in r.stdout


def test_conferir_um_modelo_com_erros(tmp_path: Path) -> None:
    ruim = tmp_path / "modelo.toml"
    ruim.write_text(
        '[modelo]\nid = "x/y"\nversao = "1"\n\n[[parametros]]\nnome = "a"\n', encoding="utf-8"
    )
    r = _cotas("leis", "--conferir", str(ruim), extras="")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    for erro in (
        'modelo.toml, linha 1, coluna 1, chave "modelo.titulo": falta esta chave obrigatória',
        'chave "modelo.orgao": falta',
        'chave "modelo.lei": falta',
        'modelo.toml, linha 5, coluna 1, chave "parametros[1].valor": falta esta chave',
        'chave "parametros[1].item": falta',
    ):
        assert erro in r.stderr
