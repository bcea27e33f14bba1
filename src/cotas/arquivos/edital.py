"""Leitura do arquivo de um edital e do modelo que ele segue (TOML, docs/EDITAIS.md).

Todos os erros dos dois arquivos de uma vez, cada um com arquivo, linha e coluna: os da forma
(uma chave que falta, um tipo errado, um parâmetro repetido) e os do direito (um valor que a lei
não admite, com a citação da lei e a do edital: `cotas.motor.edital.conferir_edital`). O modelo
`modelo = "<id>@<versão>"` é procurado na pasta do edital e na subpasta `modelos/`; quem não
tem os arquivos numa pasta (a aplicação web: o edital enviado, os modelos guardados no banco) lê
do texto, com `ler_edital_do_texto`, e diz onde procurar o modelo.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada, motivo_do_sistema
from cotas.arquivos.regras_do_edital import SECOES, SECOES_DO_MODELO, ler_regras
from cotas.motor.edital import Edital, ModeloDeEdital, ValorDoEdital, compor, conferir_edital
from cotas.motor.erros import ErroCotas
from cotas.motor.legislacao import Catalogo, catalogo_padrao

# As chaves de cada parte (uma chave fora daqui é erro: nunca ignorada em silêncio).
CHAVES_EDITAL = ("numero", "orgao", "data", "lei", "modelo", "titulo")
CHAVES_MODELO = ("id", "versao", "titulo", "orgao", "lei")
CHAVES_PARAMETRO = ("nome", "valor", "item", "texto")
PASTA_DOS_MODELOS = "modelos"
_RE_MODELO = re.compile(r"^(?P<id>[^@\s]+)@(?P<versao>[^@\s]+)$")


@dataclass
class _Arquivo:
    """Um arquivo lido: o nome, o TOML e onde está cada chave (para os erros)."""

    caminho: Path
    dados: dict[str, object]
    posicoes: dict[str, tuple[int, int]]
    sha256: str
    erros: list[ErroEntrada] = field(default_factory=list)
    modelo_ilegivel: bool = False  # (um candidato a modelo dado pelo texto não pôde ser lido)

    @property
    def nome(self) -> str:
        return self.caminho.name

    def erro(self, chave: str, mensagem: str) -> None:
        self.erros.append(self.erro_em(chave, mensagem))

    def erro_em(self, chave: str, mensagem: str) -> ErroEntrada:
        linha, coluna = self.onde(chave)
        return ErroEntrada(self.nome, linha, coluna, mensagem, chave)

    def onde(self, chave: str) -> tuple[int | None, int | None]:
        """A linha e a coluna da chave (ou da tabela dela, se ela falta)."""
        while chave:
            if chave in self.posicoes:
                return self.posicoes[chave]
            corte = max(chave.rfind("."), chave.rfind("["))
            chave = chave[:corte] if corte > 0 else ""
        return None, None


def ler_edital(caminho: Path, catalogo: Catalogo | None = None) -> Edital:
    """O edital do arquivo, com os valores do modelo que ele segue (na pasta do edital ou em
    `modelos/`), conferido contra a lei na data dele. `ErrosDeEntrada` com todos os erros do
    edital e do modelo."""
    arquivo = _ler_arquivo(Path(caminho))
    return _edital(arquivo, catalogo, lambda procurado: _achar_modelo_na_pasta(arquivo, procurado))


# Os arquivos candidatos a modelo de um `id` (todas as versões que houver): (nome, conteúdo).
BuscaDeModelos = Callable[[str], Iterable[tuple[str, bytes]]]


def ler_edital_do_texto(
    nome: str,
    bruto: bytes,
    catalogo: Catalogo | None = None,
    *,
    modelos: BuscaDeModelos | None = None,
    onde: str = "nos modelos informados",
) -> Edital:
    """O edital de um conteúdo (`nome`: como os erros chamam o arquivo), com o modelo que ele
    segue procurado entre os que `modelos(id)` dá, conferido contra a lei. Um candidato ilegível
    é erro (quem o deu o quis como modelo); `onde` completa "modelo X não encontrado ...".
    `ErrosDeEntrada` com todos os erros do edital e do modelo."""
    arquivo = _ler_conteudo(Path(nome), bruto)

    def achar(procurado: tuple[str, str]) -> tuple[ModeloDeEdital, _Arquivo] | None:
        candidatos = [] if modelos is None else list(modelos(procurado[0]))
        return _achar_modelo(arquivo, procurado, _lidos(arquivo, candidatos), onde)

    return _edital(arquivo, catalogo, achar)


def _lidos(edital: _Arquivo, candidatos: list[tuple[str, bytes]]) -> Iterable[_Arquivo]:
    """Os candidatos lidos; o ilegível vira erro do edital (o modelo enviado com erro de
    sintaxe diz onde, em vez de "modelo não encontrado")."""
    for nome, bruto in candidatos:
        try:
            yield _ler_conteudo(Path(nome), bruto)
        except ErrosDeEntrada as erros:
            edital.erros += erros.erros
            edital.modelo_ilegivel = True


def _edital(
    arquivo: _Arquivo,
    catalogo: Catalogo | None,
    achar: Callable[[tuple[str, str]], tuple[ModeloDeEdital, _Arquivo] | None],
) -> Edital:
    catalogo = catalogo or catalogo_padrao()
    cabecalho = _cabecalho_do_edital(arquivo, catalogo)
    proprios = _parametros(arquivo)
    _secoes_desconhecidas(arquivo, ("edital", "parametros", *SECOES))
    modelo: ModeloDeEdital | None = None
    arquivo_modelo: _Arquivo | None = None
    nao_conferidos: list[str] = []
    if cabecalho.modelo is not None:
        achado = achar(cabecalho.modelo)
        if achado is not None:
            modelo, arquivo_modelo = achado
            if cabecalho.lei is not None and modelo.lei != cabecalho.lei:
                arquivo.erro(
                    "edital.modelo",
                    f"o modelo {modelo.chave} é de outra lei ({modelo.lei}); o edital aplica "
                    f"{cabecalho.lei}",
                )
    regras = None
    if cabecalho.lei is not None and cabecalho.numero is not None:
        grupos = [g.nome for g in catalogo.lei(cabecalho.lei).grupos]
        norma = f"Edital nº {cabecalho.numero}"
        herdadas = None
        if modelo is not None and arquivo_modelo is not None and modelo.lei == cabecalho.lei:
            # As regras do modelo, citadas como os valores dele: "Edital nº 93/2026 (modelo
            # x@1), item 5.2"; os erros delas, com o arquivo, a linha e a coluna do modelo.
            herdadas = ler_regras(arquivo_modelo, f"{norma} (modelo {modelo.chave})", grupos)
        regras = ler_regras(arquivo, norma, grupos, herdadas)
    erros = arquivo.erros + (arquivo_modelo.erros if arquivo_modelo else [])
    if cabecalho.data is None or cabecalho.lei is None or cabecalho.numero is None:
        nao_conferidos.append("os valores do edital contra a lei (sem a lei e a data do edital)")
        raise ErrosDeEntrada(erros, nao_conferidos=nao_conferidos)
    edital = Edital(
        numero=cabecalho.numero,
        orgao=cabecalho.orgao or "",
        data=cabecalho.data,
        lei=cabecalho.lei,
        valores=compor(proprios, modelo),
        modelo=modelo,
        titulo=cabecalho.titulo or "",
        regras=regras if regras is not None and not regras.vazias else None,
    )
    for recusa in conferir_edital(catalogo, edital):
        if not recusa.nome:
            erros.append(arquivo.erro_em("edital", recusa.mensagem))
            continue
        de_quem = arquivo_modelo if edital.valores[recusa.nome].do_modelo else arquivo
        assert de_quem is not None
        erros.append(de_quem.erro_em(_chave_do_valor(de_quem, recusa.nome), recusa.mensagem))
    if erros:
        # Na ordem dos arquivos (o edital, depois o modelo) e das linhas de cada um.
        ordem = {arquivo.nome: 0, **({arquivo_modelo.nome: 1} if arquivo_modelo else {})}
        erros.sort(key=lambda e: (ordem.get(e.arquivo, 2), e.linha or 0))
        raise ErrosDeEntrada(erros)
    return edital


def ler_modelo(caminho: Path, catalogo: Catalogo | None = None) -> ModeloDeEdital:
    """Um modelo de edital, conferido na forma (a lei o confere no edital que o segue, na data
    dele). `ErrosDeEntrada` com todos os erros."""
    return _so_o_modelo(_ler_arquivo(Path(caminho)), catalogo)


def ler_modelo_do_texto(
    nome: str, bruto: bytes, catalogo: Catalogo | None = None
) -> ModeloDeEdital:
    """O modelo de um conteúdo (`nome`: como os erros chamam o arquivo), conferido na forma."""
    return _so_o_modelo(_ler_conteudo(Path(nome), bruto), catalogo)


def _so_o_modelo(arquivo: _Arquivo, catalogo: Catalogo | None) -> ModeloDeEdital:
    modelo = _modelo(arquivo)
    if modelo is not None:
        # As regras do modelo, conferidas contra os grupos da lei dele (a lei que o catálogo
        # não tem é recusada no edital que o segue, com as regras dele).
        catalogo = catalogo or catalogo_padrao()
        if any(lei.id == modelo.lei for lei in catalogo.leis):
            grupos = [g.nome for g in catalogo.lei(modelo.lei).grupos]
            ler_regras(arquivo, f"Modelo {modelo.chave}", grupos)
    if arquivo.erros or modelo is None:
        raise ErrosDeEntrada(arquivo.erros)
    return modelo


# -- o cabeçalho ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Cabecalho:
    numero: str | None
    orgao: str | None
    data: date | None
    lei: str | None
    modelo: tuple[str, str] | None
    titulo: str | None


def _cabecalho_do_edital(arquivo: _Arquivo, catalogo: Catalogo) -> _Cabecalho:
    tabela = _tabela(arquivo, "edital", CHAVES_EDITAL)
    if tabela is None:
        if isinstance(arquivo.dados.get("modelo"), dict):
            arquivo.erro(
                "modelo",
                "este arquivo é um modelo de edital; o edital que o segue tem a tabela [edital] "
                'com modelo = "<id>@<versão>"',
            )
        else:
            arquivo.erro("edital", "falta a tabela [edital] (numero, orgao, data, lei)")
        return _Cabecalho(None, None, None, None, None, None)
    lei = _texto(arquivo, tabela, "edital", "lei")
    if lei is not None:
        try:
            catalogo.lei(lei)
        except ErroCotas as erro:
            arquivo.erro("edital.lei", str(erro))
            lei = None
    modelo = None
    bruto = _texto(arquivo, tabela, "edital", "modelo", obrigatoria=False)
    if bruto is not None:
        m = _RE_MODELO.match(bruto)
        if m is None:
            arquivo.erro("edital.modelo", f'"{bruto}" não é "<id>@<versão>" (ex.: "orgao/x@2")')
        else:
            modelo = (m["id"], m["versao"])
    return _Cabecalho(
        numero=_texto(arquivo, tabela, "edital", "numero"),
        orgao=_texto(arquivo, tabela, "edital", "orgao"),
        data=_data(arquivo, tabela, "edital", "data"),
        lei=lei,
        modelo=modelo,
        titulo=_texto(arquivo, tabela, "edital", "titulo", obrigatoria=False),
    )


def _secoes_desconhecidas(arquivo: _Arquivo, aceitas: tuple[str, ...]) -> None:
    """Uma tabela fora das do formato é erro (nunca ignorada em silêncio); o sorteio entre
    cargos e a reserva PcD no total nomeiam os cargos do edital: só no arquivo do edital."""
    for chave in arquivo.dados:
        if chave in aceitas:
            continue
        if chave in SECOES:
            arquivo.erro(
                # (o bloco [[...]] tem linha pelo primeiro dele)
                f"{chave}[1]" if isinstance(arquivo.dados[chave], list) else chave,
                f"[{chave}] nomeia os cargos de um edital (o quadro de vagas dele, os cargos do "
                "sorteio): vai no arquivo do edital, não no modelo",
            )
        else:
            arquivo.erro(
                chave,
                f"chave desconhecida '{chave}' (as aceitas aqui são {', '.join(aceitas)})",
            )


def _modelo(arquivo: _Arquivo) -> ModeloDeEdital | None:
    _secoes_desconhecidas(arquivo, ("modelo", "parametros", *SECOES_DO_MODELO))
    tabela = _tabela(arquivo, "modelo", CHAVES_MODELO)
    if tabela is None:
        arquivo.erro("modelo", "falta a tabela [modelo] (id, versao, titulo, orgao, lei)")
        return None
    campos = {c: _texto(arquivo, tabela, "modelo", c) for c in CHAVES_MODELO}
    valores = _parametros(arquivo)
    if any(v is None for v in campos.values()):
        return None
    return ModeloDeEdital(
        id=str(campos["id"]),
        versao=str(campos["versao"]),
        titulo=str(campos["titulo"]),
        orgao=str(campos["orgao"]),
        lei=str(campos["lei"]),
        valores=valores,
        sha256=arquivo.sha256,
    )


def _achar_modelo_na_pasta(
    edital: _Arquivo, procurado: tuple[str, str]
) -> tuple[ModeloDeEdital, _Arquivo] | None:
    """O modelo `id@versão` na pasta do edital ou em `modelos/` (os outros arquivos da pasta,
    ilegíveis, não são o modelo de ninguém aqui: pulados)."""
    pasta = edital.caminho.parent
    pastas = [pasta, pasta / PASTA_DOS_MODELOS]

    def lidos() -> Iterable[_Arquivo]:
        for caminho in _tomls(pastas, fora=edital.caminho):
            try:
                yield _ler_arquivo(caminho)
            except ErrosDeEntrada:
                continue

    return _achar_modelo(edital, procurado, lidos(), "em " + " e ".join(map(str, pastas)))


def _achar_modelo(
    edital: _Arquivo, procurado: tuple[str, str], candidatos: Iterable[_Arquivo], onde: str
) -> tuple[ModeloDeEdital, _Arquivo] | None:
    """O modelo `id@versão` entre os candidatos; o erro diz onde se procurou e que versões
    daquele modelo havia."""
    achados: list[tuple[ModeloDeEdital, _Arquivo]] = []
    versoes: set[str] = set()
    for arquivo in candidatos:
        cabeca = arquivo.dados.get("modelo")
        if not isinstance(cabeca, dict) or cabeca.get("id") != procurado[0]:
            continue
        versoes.add(str(cabeca.get("versao")))
        if cabeca.get("versao") != procurado[1]:
            continue
        modelo = _modelo(arquivo)
        if modelo is None:
            edital.erros += arquivo.erros
            return None
        achados.append((modelo, arquivo))
    chave = "@".join(procurado)
    if len(achados) > 1:
        nomes = ", ".join(str(a.caminho) for _, a in achados)
        edital.erro("edital.modelo", f"o modelo {chave} está em mais de um arquivo: {nomes}")
        return None
    if not achados:
        if edital.modelo_ilegivel:
            return None  # (o erro do modelo ilegível já diz onde está o problema)
        lista = ", ".join(sorted(versoes))
        outras = f"; versões desse modelo encontradas: {lista}" if versoes else ""
        edital.erro("edital.modelo", f"modelo {chave} não encontrado {onde}{outras}")
        return None
    return achados[0]


def _tomls(pastas: Iterable[Path], fora: Path) -> list[Path]:
    arquivos: list[Path] = []
    for pasta in pastas:
        if pasta.is_dir():
            arquivos += sorted(p for p in pasta.glob("*.toml") if p.resolve() != fora.resolve())
    return arquivos


# -- os valores -------------------------------------------------------------------------------


def _parametros(arquivo: _Arquivo) -> dict[str, ValorDoEdital]:
    """[[parametros]]: cada valor com o item e as palavras do edital; um parâmetro dito duas
    vezes é erro (nenhum dos dois vale em silêncio)."""
    brutos = arquivo.dados.get("parametros", [])
    if not isinstance(brutos, list):
        arquivo.erro("parametros", "deve ser uma lista de blocos [[parametros]]")
        return {}
    valores: dict[str, ValorDoEdital] = {}
    primeiro: dict[str, int] = {}
    for i, bruto in enumerate(brutos, start=1):
        base = f"parametros[{i}]"
        if not isinstance(bruto, dict):
            arquivo.erro(base, "deve ser um bloco [[parametros]]")
            continue
        _desconhecidas(arquivo, bruto, base, CHAVES_PARAMETRO)
        nome = _texto(arquivo, bruto, base, "nome")
        item = _texto(arquivo, bruto, base, "item")
        texto = _texto(arquivo, bruto, base, "texto")
        if "valor" not in bruto:
            arquivo.erro(f"{base}.valor", "falta esta chave obrigatória")
        if nome is None or item is None or texto is None or "valor" not in bruto:
            continue
        if nome in primeiro:
            arquivo.erro(
                f"{base}.nome",
                f"'{nome}' já foi dito no bloco [[parametros]] nº {primeiro[nome]}; cada "
                "parâmetro, uma vez só",
            )
            continue
        primeiro[nome] = i
        valores[nome] = ValorDoEdital(nome, bruto["valor"], item, " ".join(texto.split()))
    return valores


def _chave_do_valor(arquivo: _Arquivo, nome: str) -> str:
    """A chave `parametros[i].valor` do bloco que diz o parâmetro `nome`."""
    brutos = arquivo.dados.get("parametros", [])
    for i, bruto in enumerate(brutos if isinstance(brutos, list) else [], start=1):
        if isinstance(bruto, dict) and bruto.get("nome") == nome:
            return f"parametros[{i}].valor"
    return "parametros"


# -- as peças da leitura ----------------------------------------------------------------------


def _ler_arquivo(caminho: Path) -> _Arquivo:
    """O arquivo do disco, lido por `_ler_conteudo`."""
    try:
        bruto = caminho.read_bytes()
    except OSError as exc:
        motivo = f"não foi possível abrir o arquivo ({motivo_do_sistema(exc)})"
        raise ErrosDeEntrada([ErroEntrada(caminho.name, None, None, motivo)]) from None
    return _ler_conteudo(caminho, bruto)


def _ler_conteudo(caminho: Path, bruto: bytes) -> _Arquivo:
    """O texto, o TOML e as posições; um conteúdo que não é UTF-8 ou com erro de sintaxe
    encerra a leitura (não há o que conferir)."""
    try:
        texto = bruto.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        linha = bruto.count(b"\n", 0, exc.start) + 1
        motivo = "o edital deve estar em UTF-8; o primeiro caractere que não é UTF-8 está aqui"
        raise ErrosDeEntrada([ErroEntrada(caminho.name, linha, None, motivo)]) from None
    # (A mesma tradução das mensagens do TOML que a do cenário, que importa este módulo.)
    from cotas.arquivos.cenario import _erro_sintaxe

    try:
        dados = tomllib.loads(texto, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ErrosDeEntrada([_erro_sintaxe(caminho.name, exc, texto)]) from None
    except (RecursionError, ValueError):
        motivo = "o TOML não pôde ser lido (aninhamento ou números grandes demais)"
        raise ErrosDeEntrada([ErroEntrada(caminho.name, None, None, motivo)]) from None
    return _Arquivo(caminho, dados, posicoes(texto), hashlib.sha256(bruto).hexdigest())


def _tabela(arquivo: _Arquivo, nome: str, conhecidas: Iterable[str]) -> Mapping[str, object] | None:
    tabela = arquivo.dados.get(nome)
    if not isinstance(tabela, dict):
        return None
    _desconhecidas(arquivo, tabela, nome, conhecidas)
    return tabela


def _desconhecidas(
    arquivo: _Arquivo, tabela: Mapping[str, object], base: str, conhecidas: Iterable[str]
) -> None:
    aceitas = tuple(conhecidas)
    for chave in tabela:
        if chave not in aceitas:
            arquivo.erro(
                f"{base}.{chave}",
                f"chave desconhecida '{chave}' (as chaves aceitas aqui são {', '.join(aceitas)})",
            )


def _texto(
    arquivo: _Arquivo,
    tabela: Mapping[str, object],
    base: str,
    chave: str,
    *,
    obrigatoria: bool = True,
) -> str | None:
    valor = tabela.get(chave)
    if valor is None:
        if obrigatoria:
            arquivo.erro(f"{base}.{chave}", "falta esta chave obrigatória (um texto)")
        return None
    if not isinstance(valor, str) or not valor.strip():
        arquivo.erro(f"{base}.{chave}", "deve ser um texto entre aspas, não vazio")
        return None
    return valor.strip()


def _data(arquivo: _Arquivo, tabela: Mapping[str, object], base: str, chave: str) -> date | None:
    valor = tabela.get(chave)
    if isinstance(valor, date) and not isinstance(valor, datetime):
        return valor
    if valor is None:
        arquivo.erro(f"{base}.{chave}", "falta esta chave obrigatória (a data, como 2026-03-02)")
    else:
        arquivo.erro(f"{base}.{chave}", "deve ser uma data sem aspas, como 2026-03-02")
    return None


_RE_BLOCO = re.compile(r"^\s*\[\[\s*([^\]]+?)\s*\]\]")
_RE_TABELA = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")
_RE_CHAVE = re.compile(r"""^(\s*)([A-Za-z0-9_\-."' ]+?)\s*=\s*""")


def posicoes(texto: str) -> dict[str, tuple[int, int]]:
    """Cada chave (`edital.data`, `parametros[2].valor`) → (linha, coluna do valor); cada
    tabela → (linha, coluna 1). Uma varredura linha a linha, que pula o miolo dos textos de
    várias linhas (`\"\"\"`)."""
    saida: dict[str, tuple[int, int]] = {}
    contagem: dict[str, int] = {}
    atual = ""
    dentro_de_texto = False
    for numero, linha in enumerate(texto.splitlines(), start=1):
        if dentro_de_texto:
            dentro_de_texto = linha.count('"""') % 2 == 0
            continue
        if linha.strip().startswith("#"):
            continue
        if m := _RE_BLOCO.match(linha):
            nome = _limpa(m[1])
            contagem[nome] = contagem.get(nome, 0) + 1
            atual = f"{nome}[{contagem[nome]}]"
            saida.setdefault(atual, (numero, 1))
        elif m := _RE_TABELA.match(linha):
            atual = _limpa(m[1])
            saida.setdefault(atual, (numero, 1))
        elif m := _RE_CHAVE.match(linha):
            chave = _limpa(m[2])
            saida.setdefault(f"{atual}.{chave}" if atual else chave, (numero, m.end() + 1))
            dentro_de_texto = linha.count('"""') % 2 == 1
    return saida


def _limpa(chave: str) -> str:
    return chave.strip().strip("\"'")
