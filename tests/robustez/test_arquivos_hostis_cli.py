"""Arquivos hostis na linha de comando (issue 15, "a linha de comando sob 1.845 entradas
mutadas"): cada um termina com um erro claro em português, com arquivo, linha e coluna, saída 2,
sem traceback, sem travar e sem gravar nada; números têm limite, dito na mensagem."""

from __future__ import annotations

import io
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import COTAS, EXEMPLOS

BASE_TOML = (EXEMPLOS / "montenegro" / "cenario.toml").read_text(encoding="utf-8")
BASE_CSV = (EXEMPLOS / "montenegro" / "candidatos.csv").read_text(encoding="utf-8")
PRIMEIRA = "20250001,Bruno Teixeira Gonçalves,98782083037,2001-04-07,PROF-MAT,94.40,aprovado,"


def _apurar(
    pasta: Path, toml: str = BASE_TOML, candidatos: str | bytes = BASE_CSV, nome: str = ""
) -> subprocess.CompletedProcess[str]:
    nome = nome or "candidatos.csv"
    pasta.mkdir(parents=True, exist_ok=True)
    dados = candidatos.encode("utf-8") if isinstance(candidatos, str) else candidatos
    (pasta / nome).write_bytes(dados)
    (pasta / "cenario.toml").write_text(
        toml.replace('"candidatos.csv"', f'"{nome}"'), encoding="utf-8"
    )
    saida = pasta / "saida"
    # (O tempo limite só separa uma leitura que não termina, como o retrocesso quadrático de
    # test_texto_longo_de_espacos_com_aviso_e_rapido, de uma que termina: velocidade se mede em
    # `make bench`, nunca numa asserção de tempo.)
    r = subprocess.run(
        [str(COTAS), "apurar", str(pasta / "cenario.toml"), "--saida", str(saida), "--sem-pdf"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    assert len(r.stderr) < 20_000, "mensagem longa demais"
    if r.returncode != 0:
        assert not saida.exists(), "gravou algo numa recusa"
    return r


def _recusado(r: subprocess.CompletedProcess[str], *trechos: str) -> None:
    assert r.returncode == 2, r.stderr[-3000:]
    for trecho in trechos:
        assert trecho in r.stderr, (trecho, r.stderr[-3000:])


# -- cenário: números -------------------------------------------------------------------------
@pytest.mark.parametrize("vagas", [10**6, 10**8, 2**63 - 1, 2**64])
def test_vagas_demais_no_cargo(tmp_path: Path, vagas: int) -> None:
    r = _apurar(tmp_path, BASE_TOML.replace("vagas = 13", f"vagas = {vagas}"))
    _recusado(r, 'chave "cargos[2].vagas"', "100.000")


@pytest.mark.parametrize("quantidade", [10**6, 2**64])
def test_quantidade_de_novas_vagas_demais(tmp_path: Path, quantidade: int) -> None:
    r = _apurar(tmp_path, BASE_TOML.replace("quantidade = 3", f"quantidade = {quantidade}"))
    _recusado(r, 'chave "eventos[2].quantidade"', "100.000")


def test_vagas_do_certame_somadas_tem_limite(tmp_path: Path) -> None:
    cargos = "".join(
        f'\n[[cargos]]\ncodigo = "C{i}"\nnome = "Cargo {i}"\nvagas = 100000\n' for i in range(11)
    )
    r = _apurar(tmp_path, BASE_TOML + cargos)
    _recusado(r, "1.000.000")


@pytest.mark.parametrize(
    ("antes", "depois"),
    [
        ("percentual = 5", "percentual = nan"),
        ("teto = 20", "teto = nan"),
        ("teto = 20", "teto = inf"),
        ("percentual = 5", "percentual = 1e-9999999"),
        ("percentual = 5", "percentual = 5.0000000001"),
    ],
)
def test_percentual_invalido_no_pcd(tmp_path: Path, antes: str, depois: str) -> None:
    r = _apurar(tmp_path, BASE_TOML.replace(antes, depois))
    chave = depois.split(" ")[0]
    _recusado(r, f'chave "pcd.{chave}"')


@pytest.mark.parametrize("profundidade", [3000, 5000])
def test_toml_aninhado_demais(tmp_path: Path, profundidade: int) -> None:
    toml = BASE_TOML + "extra = " + "[" * profundidade + "]" * profundidade + "\n"
    _recusado(_apurar(tmp_path, toml), "aninhamento demais")


def test_inteiro_de_1_milhao_de_digitos_no_toml(tmp_path: Path) -> None:
    """Achado pelo fuzzer: o tomllib levantava ValueError (limite de dígitos do `int`)."""
    r = _apurar(tmp_path, BASE_TOML.replace("vagas = 13", "vagas = " + "9" * 1_000_000))
    _recusado(r, "cenario.toml", "dígitos demais")


def test_texto_longo_de_espacos_com_aviso_e_rapido(tmp_path: Path) -> None:
    """A localização das chaves era uma expressão regular com retrocesso quadrático."""
    toml = BASE_TOML.replace(
        'justificativa = "Lei municipal',
        'desconhecida = 1\njustificativa = """\na' + " " * 128_000 + 'b"""\nx = "Lei municipal',
    )
    # (O retrocesso quadrático em 128 mil espaços são bilhões de passos: passa do tempo limite.)
    r = _apurar(tmp_path, toml)
    assert r.returncode == 0 and "desconhecida" in r.stderr  # um aviso, com a linha


def test_reserva_com_vagas_demais(tmp_path: Path) -> None:
    r = subprocess.run(
        [
            *(str(COTAS), "reserva", "--municipio", "Montenegro/RS"),
            *("--data-edital", "2025-06-10", "--vagas", "99999999999999999999999"),
        ],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert r.returncode == 2 and "100.000" in r.stderr and "Traceback" not in r.stderr


# -- candidatos: valores --------------------------------------------------------------------------
def _com_classificacao(valor: str) -> str:
    linhas = BASE_CSV.splitlines()
    linhas[0] += ",classificacao"
    linhas[1:] = [linha + "," for linha in linhas[1:]]
    linhas[1] += valor
    return "\n".join(linhas) + "\n"


@pytest.mark.parametrize("valor", ["²", "①", "9" * 5000, "٣"])
def test_classificacao_que_nao_e_inteiro_simples(tmp_path: Path, valor: str) -> None:
    r = _apurar(tmp_path, candidatos=_com_classificacao(valor))
    _recusado(r, "linha 2", 'coluna "classificacao"')


@pytest.mark.parametrize("nota", ["9" * 27, "1" + "0" * 40 + ".5", "0." + "1" * 30])
def test_nota_com_digitos_demais(tmp_path: Path, nota: str) -> None:
    r = _apurar(tmp_path, candidatos=BASE_CSV.replace("94.40", nota, 1))
    _recusado(r, "linha 2", 'coluna "nota"')


def test_nota_de_1_mb(tmp_path: Path) -> None:
    r = _apurar(tmp_path, candidatos=BASE_CSV.replace("94.40", "9" * 1_000_000, 1))
    _recusado(r, "linha 2")


def test_cabecalho_de_1_mb(tmp_path: Path) -> None:
    r = _apurar(tmp_path, candidatos=BASE_CSV.replace("opcao_lista", "x" * 1_000_000, 1))
    _recusado(r, "linha 1")


@pytest.mark.parametrize("controle", ["\x0c", "\x0b", "\x01", "\x1b", "\x7f"])
def test_caractere_de_controle_no_nome(tmp_path: Path, controle: str) -> None:
    csv = BASE_CSV.replace("Bruno Teixeira", f"Bruno{controle}Teixeira", 1)
    r = _apurar(tmp_path, candidatos=csv)
    _recusado(r, "linha 2", 'coluna "nome"', "caractere de controle")


def test_caractere_de_controle_no_nome_em_arquivo_grande(tmp_path: Path) -> None:
    """A leitura em lote (arquivos grandes) devolve à linha a linha, que explica."""
    linhas = BASE_CSV.splitlines()
    corpo = [linhas[0], *linhas[1:]]
    csv = "\n".join(corpo).replace("Bruno Teixeira", "Bruno\x1bTeixeira", 1) + "\n"
    csv += "# " + "x" * 1_100_000 + "\n"  # passa do limiar da leitura em lote
    r = _apurar(tmp_path, candidatos=csv)
    _recusado(r, "linha 2", 'coluna "nome"', "caractere de controle")


@pytest.mark.parametrize("codificacao", ["utf-16", "utf-16-le", "utf-16-be"])
def test_csv_em_utf16_e_lido(tmp_path: Path, codificacao: str) -> None:
    r = _apurar(tmp_path, candidatos=BASE_CSV.encode(codificacao))
    assert r.returncode == 0, r.stderr[-3000:]


# -- planilhas: limites antes de abrir ------------------------------------------------------------
def _xlsx_esparso(dimensao: str = "A1:XFD1048576", celula: str = "XFD1048576") -> bytes:
    arquivos = {
        "[Content_Types].xml": (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats'
            '-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
            'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml'
            '.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>"
        ),
        "xl/workbook.xml": (
            '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
            '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships"><sheets><sheet name="lista" sheetId="1" r:id="rId1"/></sheets>'
            "</workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
            "</Relationships>"
        ),
        "xl/worksheets/sheet1.xml": (
            '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            f'spreadsheetml/2006/main"><dimension ref="{dimensao}"/><sheetData>'
            '<row r="1"><c r="A1" t="inlineStr"><is><t>inscricao</t></is></c></row>'
            f'<row r="1048576"><c r="{celula}"><v>1</v></c></row>'
            "</sheetData></worksheet>"
        ),
    }
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as z:
        for nome, texto in arquivos.items():
            z.writestr(nome, texto)
    return saida.getvalue()


@pytest.mark.parametrize(
    ("dimensao", "celula"), [("A1:XFD1048576", "XFD1048576"), ("A1", "XFD1048576")]
)
def test_xlsx_esparso_e_recusado_antes_de_abrir(tmp_path: Path, dimensao: str, celula: str) -> None:
    dados = _xlsx_esparso(dimensao, celula)
    assert len(dados) < 3000
    r = _apurar(tmp_path, candidatos=dados, nome="candidatos.xlsx")
    _recusado(r, "candidatos.xlsx", "colunas")


def _ods(repeticoes: int) -> bytes:
    linha = (
        "<table:table-row"
        + (f' table:number-rows-repeated="{repeticoes}"' if repeticoes > 1 else "")
        + ">"
        + "".join(
            f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'
            for v in PRIMEIRA.split(",")
        )
        + "</table:table-row>"
    )
    cabecalho = (
        "<table:table-row>"
        + "".join(
            f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'
            for v in BASE_CSV.splitlines()[0].split(",")
        )
        + "</table:table-row>"
    )
    conteudo = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
        '<office:body><office:spreadsheet><table:table table:name="lista">'
        f"{cabecalho}{linha}</table:table></office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    manifesto = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:'
        'names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry '
        'manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.'
        'spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type='
        '"text/xml"/></manifest:manifest>'
    )
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", conteudo, zipfile.ZIP_DEFLATED)
        z.writestr("META-INF/manifest.xml", manifesto, zipfile.ZIP_DEFLATED)
    return saida.getvalue()


def test_ods_com_uma_linha_repetida_um_milhao_de_vezes(tmp_path: Path) -> None:
    r = _apurar(tmp_path, candidatos=_ods(1_000_000), nome="candidatos.ods")
    _recusado(r, "candidatos.ods", "repete")


@pytest.mark.lento
def test_zip_que_descompacta_demais(tmp_path: Path) -> None:
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b" " * 600_000_000)
    r = _apurar(tmp_path, candidatos=saida.getvalue(), nome="candidatos.xlsx")
    _recusado(r, "candidatos.xlsx", "descompactad")


def xlsx_inflado(megabytes: int, dimensao: str | None = "A1:O2", textos_mb: int = 0) -> bytes:
    """Um XLSX com a aba de uma linha de candidatos (ou `textos_mb` nos textos partilhados)
    inflada por um enchimento que comprime ~600 vezes (abaixo do limite de razão de 1.000,
    como o da sonda: 2,5 MB que viravam 1,47 GB), pequeno no disco."""
    import random

    aleatorio = random.Random(23)

    def enchimento(mb: int) -> Any:
        for _ in range(mb):
            letras = "".join(aleatorio.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(1600))
            yield ("<!--" + letras + " " * (1_048_576 - 1607) + "-->").encode()

    base = zipfile.ZipFile(io.BytesIO(_xlsx_esparso()))
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as z:
        for nome in base.namelist():
            if nome != "xl/worksheets/sheet1.xml":
                z.writestr(nome, base.read(nome))
        with z.open("xl/worksheets/sheet1.xml", "w") as aba:
            dim = f'<dimension ref="{dimensao}"/>' if dimensao else ""
            aba.write(
                '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
                f'spreadsheetml/2006/main">{dim}<sheetData>'.encode()
            )
            for bloco in enchimento(megabytes):
                aba.write(bloco)
            aba.write(
                b'<row r="1"><c r="A1" t="inlineStr"><is><t>inscricao</t></is></c></row>'
                b"</sheetData></worksheet>"
            )
        if textos_mb:
            with z.open("xl/sharedStrings.xml", "w") as textos:
                for bloco in enchimento(textos_mb):
                    textos.write(bloco)
    return saida.getvalue()


@pytest.mark.parametrize(
    ("dimensao", "textos_mb", "trecho"),
    [
        ("A1:O2", 0, "declara 2 linha(s) × 15 coluna(s)"),  # a dimensão declarada
        (None, 0, "não tem célula nenhuma, mas passa de 1.000.200 bytes"),  # para no teto
        ("A1:A1", 0, "declara 1 linha(s) × 1 coluna(s)"),
    ],
)
def test_aba_inflada_e_recusada_pelo_tamanho(
    tmp_path: Path, dimensao: str | None, textos_mb: int, trecho: str
) -> None:
    """A bomba da sonda (issue 23): uma aba "vazia" que descompacta a muitas vezes o que as suas
    linhas × colunas pedem é recusada antes de a biblioteca de planilhas a abrir."""
    dados = xlsx_inflado(60, dimensao, textos_mb)
    assert len(dados) < 200_000  # pequeno no disco (razão ~600, abaixo do limite de 1.000)
    r = _apurar(tmp_path, candidatos=dados, nome="candidatos.xlsx")
    _recusado(r, "candidatos.xlsx", trecho, "não é uma lista de candidatos")


def test_textos_inflados_sao_recusados(tmp_path: Path) -> None:
    dados = xlsx_inflado(0, "A1:O2", textos_mb=60)
    r = _apurar(tmp_path, candidatos=dados, nome="candidatos.xlsx")
    _recusado(r, "candidatos.xlsx", "xl/sharedStrings.xml", "não é uma lista de candidatos")


def test_teto_da_aba_cabe_o_maior_certame_real() -> None:
    """O teto por célula é folgado para uma lista real (~50 bytes por célula) e a aba de um
    milhão de inscrições × 15 colunas (~800 MB) cabe no limite absoluto."""
    from cotas.arquivos import limites

    assert limites.teto_da_aba(1_000_000, 15) >= 1_000_000 * 15 * 50 * 3
    assert limites.teto_da_aba(1_000_000, 15) > limites.ABA_MAXIMA  # (a dimensão não passa dele)
    assert 1_000_000 * 15 * 55 < limites.ABA_MAXIMA < limites.DESCOMPACTADO_MAXIMO


def test_celula_enorme_nao_e_ecoada_inteira(tmp_path: Path) -> None:
    csv = BASE_CSV.replace("aprovado,branca", "aprovado," + "x" * 300_000, 1)
    r = _apurar(tmp_path, candidatos=csv)
    assert r.returncode == 2
    assert "x" * 300 not in r.stderr


def test_valor_longo_e_resumido_na_mensagem(tmp_path: Path) -> None:
    """Um valor de 900 caracteres (abaixo do limite de tamanho) aparece resumido no erro."""
    csv = BASE_CSV.replace("2001-04-07", "9" * 900, 1)
    r = _apurar(tmp_path, candidatos=csv)
    _recusado(r, "linha 2", 'coluna "data_nascimento"', "(900 caracteres)")
    assert "9" * 200 not in r.stderr
