"""A conferência pelo registro (docs/GLOSSARIO.md): o certame refeito a partir do registro.
Cada ato leva, em `dados["fatos"]`, o que mudou em forma canônica (a importação, a impressão
das linhas; a correção, o campo e os valores; a nomeação, quem, onde e por qual portaria...).
`conferir` dobra esses fatos no estado que o registro promete e o compara com as tabelas,
nomeando a primeira diferença; depois reencena o certame no motor e confere que as nomeações
gravadas são as que o motor dá.

Registros anteriores aos fatos não permitem a conferência do que criaram: ela fica parcial
(dito na saída), nunca um falso alarme.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any

from django.apps import apps
from django.db.models import TextField
from django.db.models.functions import Cast

from .acoes import AcaoAuditada, acao_gravada
from .models import Registro

# Acima disso a importação guarda só a impressão do conjunto (a diferença aponta a importação,
# não a linha): o registro não cresce sem limite.
LIMITE_POR_LINHA = 20_000

_COLUNAS = (
    "id",
    "cargo__codigo",
    "inscricao",
    "nome",
    "cpf",
    "data_nascimento",
    "nota",
    "situacao",
    "cor_raca",
    "reservas",
    "pcd",
    "classificacao",
    "desempate",
    "opcao_lista",
    "linha",
)


def _dia(valor: date | None) -> str:
    return valor.isoformat() if valor else ""


def _texto(campo: str, valor: Any) -> str:
    """O valor como a correção o registra (o mesmo texto nos dois lados da comparação)."""
    from cotas_web.candidatos.correcoes import mostrar

    if campo in ("desempate",):
        return json.dumps(valor, ensure_ascii=False, default=str)
    if campo == "reservas":
        return _reservas(valor)
    return mostrar(campo, valor)


@lru_cache(maxsize=4096)
def _reservas(texto: str | None) -> str:
    """As opções (o texto JSON lido do banco) em forma canônica: os grupos em ordem, o mesmo texto
    nos dois bancos. Poucas combinações num certame: cada uma decodificada uma vez."""
    return json.dumps(sorted(json.loads(texto) if texto else []), ensure_ascii=False)


# As importações registradas antes dos grupos da lei como dados guardaram a opção de um grupo
# só, no campo que a migração candidatos 0004 removeu; a impressão delas se refaz com ele.
FORMATO = 2
_CAMPO_ANTIGO = "reserva_negros"


def _no_formato(valores: dict[str, str], formato: int, grupo: str | None) -> dict[str, str]:
    """A linha na forma canônica do registro que a guardou (`formato` 1: a de antes)."""
    if formato >= FORMATO:
        return valores
    reservas = json.loads(valores.pop("reservas"))
    valores[_CAMPO_ANTIGO] = mostrar_antigo(grupo is not None and grupo in reservas)
    return valores


def mostrar_antigo(optou: bool) -> str:
    from cotas_web.candidatos.correcoes import mostrar

    return mostrar(_CAMPO_ANTIGO, optou)


def _linhas(filtro: dict[str, Any]) -> Any:
    modelo = apps.get_model("candidatos.Candidato")
    # As opções como o texto JSON do banco (`_reservas`), sem decodificar linha a linha.
    colunas = [Cast(c, TextField()) if c == "reservas" else c for c in _COLUNAS]
    return (
        modelo._default_manager.filter(**filtro)
        .order_by("inscricao", "cargo__codigo", "id")
        .values_list(*colunas)
        .iterator(chunk_size=20_000)
    )


def _verificacoes(filtro: dict[str, Any]) -> Any:
    """(id, {grupo: resultado}) de quem tem algum resultado gravado."""
    modelo = apps.get_model("candidatos.Candidato")
    linhas = (
        modelo._default_manager.filter(**filtro)
        .exclude(verificacoes={})  # (a maioria: nenhum resultado; o banco os deixa de fora)
        .order_by("id")
        .values_list("id", "verificacoes")
        .iterator(chunk_size=20_000)
    )
    for pk, verificacoes in linhas:
        limpas = {g: v for g, v in (verificacoes or {}).items() if v}
        if limpas:
            yield pk, limpas


def _canonica(valores: dict[str, str]) -> bytes:
    return json.dumps(valores, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def _dicionario(linha: tuple[Any, ...]) -> tuple[int, dict[str, str]]:
    valores = {c: _texto(c, v) for c, v in zip(_COLUNAS[1:], linha[1:], strict=True)}
    return linha[0], valores


def fatos_da_importacao(importacao_id: int) -> dict[str, Any]:
    """A impressão das linhas gravadas por uma importação (chamada na transação que as grava)."""
    soma = hashlib.sha256()
    por_linha: list[str] = []
    inscricoes: list[str] = []
    for linha in _linhas({"importacao_id": importacao_id}):
        valores = _dicionario(linha)[1]
        canonica = _canonica(valores)
        soma.update(canonica + b"\n")
        por_linha.append(hashlib.sha256(canonica).hexdigest()[:12])
        inscricoes.append(valores["inscricao"])
    fatos: dict[str, Any] = {
        "formato": FORMATO,
        "linhas": len(por_linha),
        "sha256": soma.hexdigest(),
        # o resultado da verificação de cada grupo que veio no arquivo (a comissão e o RH o
        # mudam depois, com registro)
        "pareceres": {str(k): v for k, v in _verificacoes({"importacao_id": importacao_id})},
    }
    if len(por_linha) <= LIMITE_POR_LINHA:
        fatos["por_linha"] = por_linha
        # a inscrição de cada linha, na mesma ordem: uma linha apagada é nomeada
        fatos["inscricoes"] = inscricoes
    return fatos


@dataclass
class Esperado:
    """O estado que o registro promete, dobrado ato a ato."""

    importacoes: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    removidas: set[int] = field(default_factory=set)
    # candidato → campo → (primeiro anterior, último novo, registro)
    correcoes: dict[int, dict[str, tuple[str, str, int]]] = field(default_factory=dict)
    nomeacoes: dict[int, dict[str, Any]] = field(default_factory=dict)
    nomeacoes_registro: dict[int, int] = field(default_factory=dict)
    vagas: dict[str, int] = field(default_factory=dict)
    # (candidato, grupo) → (inscrição, resultado, registro)
    pareceres: dict[tuple[int, str], tuple[str, str, int]] = field(default_factory=dict)
    grupo_padrao: str | None = None  # o grupo dos registros que não o dizem (os de antes)
    da_comissao: frozenset[str] = frozenset()  # os grupos que a comissão verifica

    def o_que(self, grupo: str) -> str:
        """Como a mensagem chama o resultado da verificação do grupo."""
        if grupo in self.da_comissao:
            return "parecer da comissão"
        return f"verificação documental ({grupo})"

    anulados: dict[int, tuple[str, str, int]] = field(default_factory=dict)
    homologado_em: str | None = None
    sem_fatos: set[str] = field(default_factory=set)  # o que não se confere (registro antigo)


A = AcaoAuditada


def _importacao(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.importacoes[f["importacao"]] = (r.pk, f)


def _importacao_desfeita(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.removidas.add(f["importacao"])


def _correcao(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    campos = e.correcoes.setdefault(f["candidato"], {})
    primeiro = campos.get(f["campo"], (f["anterior"], "", 0))[0]
    campos[f["campo"]] = (primeiro, f["novo"], r.pk)


def _nomeacao(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.nomeacoes[f["nomeacao"]] = dict(f["valores"])
    e.nomeacoes_registro[f["nomeacao"]] = r.pk


def _nomeacao_mudou(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.nomeacoes.setdefault(f["nomeacao"], {}).update(f["valores"])


def _desistencia(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    # (a desistência de quem ainda não foi nomeado não muda nomeação: não traz `valores`)
    if "valores" in f:
        _nomeacao_mudou(e, r, f)


def _vagas_do_edital(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    for cargo, n in f["vagas"].items():
        e.vagas[cargo] = e.vagas.get(cargo, 0) + n


def _novas_vagas(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.vagas[f["cargo"]] = e.vagas.get(f["cargo"], 0) + f["quantidade"]


def _vagas_sem_efeito(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.vagas[f["cargo"]] = e.vagas.get(f["cargo"], 0) - f["quantidade"]


def _convocacao(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    grupo = str(f.get("grupo", e.grupo_padrao))
    for pk in f["pendentes"]:
        e.pareceres[(pk, grupo)] = ("", "pendente", r.pk)


def _parecer(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    grupo = str(f.get("grupo", e.grupo_padrao))
    e.pareceres[(f["candidato"], grupo)] = (f["inscricao"], f["resultado"], r.pk)


def _falsidade_decidida(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    if not f.get("anulado_em"):
        return  # (declaração não anulada: nada muda)
    e.anulados[f["candidato"]] = (f["inscricao"], f["anulado_em"], r.pk)
    for pk in f["nomeacoes"]:
        e.nomeacoes.setdefault(pk, {}).update(
            {"situacao": "anulada", "encerrada_em": f["anulado_em"]}
        )


def _homologado(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    e.homologado_em = f["data"]


@dataclass(frozen=True)
class Dobra:
    """Como os fatos de uma ação entram no estado que o registro promete, e a parte do estado
    que ela muda (para dizer o que ficou sem conferência num registro sem fatos)."""

    parte: str
    dobrar: Callable[[Esperado, Registro, dict[str, Any]], None]


# Cada ação que muda o que se reencena, com a sua dobra (os atos que tornam outros sem efeito
# também: o original fica gravado; issue 19, item 3).
DOBRAS: dict[AcaoAuditada, Dobra] = {
    A.CANDIDATOS_IMPORTADOS: Dobra("candidatos", _importacao),
    A.IMPORTACAO_REMOVIDA: Dobra("candidatos", _importacao_desfeita),
    A.IMPORTACAO_SUBSTITUIDA: Dobra("candidatos", _importacao_desfeita),
    A.CANDIDATO_CORRIGIDO: Dobra("candidatos", _correcao),
    A.NOMEADO: Dobra("nomeações", _nomeacao),
    A.EMPOSSADO: Dobra("nomeações", _nomeacao_mudou),
    A.PERDEU_O_PRAZO_DA_POSSE: Dobra("nomeações", _nomeacao_mudou),
    A.FOI_PARA_O_FINAL_DA_FILA: Dobra("nomeações", _nomeacao_mudou),
    A.NOMEACAO_TORNADA_SEM_EFEITO: Dobra("nomeações", _nomeacao_mudou),
    A.DESISTIU: Dobra("nomeações", _desistencia),
    A.DESISTENCIA_TORNADA_SEM_EFEITO: Dobra("nomeações", _desistencia),
    A.FALSIDADE_DECIDIDA: Dobra("nomeações", _falsidade_decidida),
    A.VAGAS_DO_EDITAL_OFERECIDAS: Dobra("vagas", _vagas_do_edital),
    A.NOVAS_VAGAS_OFERECIDAS: Dobra("vagas", _novas_vagas),
    A.VAGAS_TORNADAS_SEM_EFEITO: Dobra("vagas", _vagas_sem_efeito),
    A.CANDIDATOS_CONVOCADOS: Dobra("pareceres", _convocacao),
    A.PARECER_REGISTRADO: Dobra("pareceres", _parecer),
    A.RECURSO_DECIDIDO: Dobra("pareceres", _parecer),
    A.VERIFICACAO_DOCUMENTAL_REGISTRADA: Dobra("pareceres", _parecer),
    A.PARECER_TORNADO_SEM_EFEITO: Dobra("pareceres", _parecer),
    A.RECURSO_TORNADO_SEM_EFEITO: Dobra("pareceres", _parecer),
    A.CERTAME_HOMOLOGADO: Dobra("homologação", _homologado),
}

# As ações que não mudam nada do que se reencena (o certame, as contas, a comissão antes do
# parecer, os procedimentos antes da decisão). Toda ação está aqui ou em DOBRAS
# (tests/web/test_acoes_auditadas.py): uma ação nova não some da conferência sem ninguém ver.
NAO_DOBRADAS: frozenset[AcaoAuditada] = frozenset(
    {
        A.FALSIDADE_APURADA,
        A.DEFESA_REGISTRADA,
        A.FALSIDADE_ENCAMINHADA,
        A.CERTAME_CRIADO,
        A.CARGO_ADICIONADO,
        A.CERTAME_PUBLICADO,
        A.CERTAME_ARQUIVADO,
        A.CERTAME_CORRIGIDO,
        A.CERTAME_RETIFICADO,
        A.EDITAL_ADOTADO,
        A.MEMBRO_DA_COMISSAO_DESIGNADO,
        A.SESSAO_MARCADA,
        A.GRAVACAO_GUARDADA,
        A.ATA_GUARDADA,
        A.SESSAO_ENCERRADA,
        A.RECURSO_INTERPOSTO,
        A.USUARIO_CRIADO,
        A.USUARIO_EDITADO,
        A.USUARIO_DESATIVADO,
        A.USUARIO_REATIVADO,
        A.PAPEL_DADO,
        A.PAPEL_TIRADO,
        A.DESIGNADO,
        A.DESIGNACAO_DESFEITA,
        A.SENHA_PROVISORIA_DADA,
        A.SENHA_REDEFINIDA,
        A.SENHA_TROCADA,
        A.IDENTIDADE_DO_ORGAO_ALTERADA,
        A.MODELO_DE_TEXTO_ALTERADO,
        A.ARQUIVO_PUBLICADO,
        A.SELO_COM_CHAVE_ADOTADO,
        A.CHAVE_TROCADA,
    }
)

# A ação → a parte do estado que ela muda (para dizer o que ficou sem conferência num registro
# sem fatos). A desistência só muda uma nomeação quando havia uma (`esperado` olha os dados), e
# a desistência tornada sem efeito já nasceu com os fatos.
_SEM_FATOS_POR_DADOS = (A.DESISTIU, A.DESISTENCIA_TORNADA_SEM_EFEITO)
PARTES = {
    acao.value: dobra.parte for acao, dobra in DOBRAS.items() if acao not in _SEM_FATOS_POR_DADOS
}


def _dobrar(e: Esperado, r: Registro, f: dict[str, Any]) -> None:
    acao = acao_gravada(r.acao)
    dobra = DOBRAS.get(acao) if acao is not None else None
    if dobra is not None:
        dobra.dobrar(e, r, f)


def _grupos(certame_id: int) -> tuple[str | None, frozenset[str]]:
    """O grupo que os registros anteriores aos grupos da lei como dados verificavam (o único
    grupo da lei do certame: a aplicação só aceitava leis de um grupo) e os que a comissão
    verifica."""
    from cotas_web.ponte import leis, verificacao
    from cotas_web.ponte.erros import ErroCotas

    certame = apps.get_model("certames.Certame")._default_manager.get(pk=certame_id)
    try:
        regras = leis.regras_do_certame(certame)
    except ErroCotas:
        return None, frozenset()
    grupos = regras.grupos_da_lei
    padrao = grupos[0].nome if len(grupos) == 1 else None
    return padrao, frozenset(g.nome for g in verificacao.grupos_da_comissao(regras))


def esperado(certame_id: int) -> Esperado:
    padrao, da_comissao = _grupos(certame_id)
    e = Esperado(grupo_padrao=padrao, da_comissao=da_comissao)
    for r in Registro.objects.da_cadeia(certame_id).order_by("id").iterator(chunk_size=2_000):
        fatos = r.dados.get("fatos") if isinstance(r.dados, dict) else None
        if fatos is None:
            if r.acao in PARTES:
                e.sem_fatos.add(PARTES[r.acao])
            elif r.acao == A.DESISTIU and "nomeacao" in (r.dados or {}):
                e.sem_fatos.add("nomeações")
            continue
        _dobrar(e, r, fatos)
    return e


@dataclass(frozen=True)
class Conferencia:
    diferenca: str | None
    parciais: tuple[str, ...]

    @property
    def confere(self) -> bool:
        return self.diferenca is None


def _mostrar_linha(v: dict[str, str]) -> str:
    return f"nota {v['nota']}, cor/raça {v['cor_raca'] or '(vazia)'}, situação {v['situacao']}"


def _candidatos(e: Esperado, certame_id: int) -> str | None:
    ativas = {i: d for i, d in e.importacoes.items() if i not in e.removidas}
    for importacao, (registro, fatos) in sorted(ativas.items()):
        problema = _uma_importacao(e, importacao, registro, fatos)
        if problema:
            return problema
    if campo := _campos_da_lei_corrigidos(e):
        return campo
    modelo = apps.get_model("candidatos.Candidato")
    if parecer := _pareceres_importados(e, ativas, modelo):
        return parecer
    avulsa = (
        modelo._default_manager.filter(certame_id=certame_id)
        .exclude(importacao_id__in=list(ativas))
        .order_by("inscricao")
        .values_list("inscricao", flat=True)
        .first()
    )
    if avulsa is not None:
        return f"inscrição {avulsa}: nas tabelas, sem importação registrada"
    return None


def _pareceres_importados(e: Esperado, ativas: dict[int, Any], modelo: Any) -> str | None:
    """Sem parecer registrado da comissão, o parecer é o do arquivo; sem procedimento decidido
    pela falsidade, a inscrição não está anulada."""
    vindos: dict[int, dict[str, str]] = {}
    for _, fatos in ativas.values():
        if "pareceres" not in fatos:
            return None  # importação anterior a esta conferência
        for k, v in fatos["pareceres"].items():
            # (antes dos grupos da lei como dados, o parecer do grupo único, em texto)
            vindos[int(k)] = v if isinstance(v, dict) else {str(e.grupo_padrao): v}
    linhas = (
        modelo._default_manager.filter(importacao_id__in=list(ativas))
        .order_by("inscricao")
        .values_list("id", "inscricao", "verificacoes", "anulado_em")
    )
    for pk, inscricao, verificacoes, anulado in linhas.iterator(chunk_size=20_000):
        if anulado is not None and pk not in e.anulados and "nomeações" not in e.sem_fatos:
            return f"inscrição {inscricao}: anulada nas tabelas, sem decisão registrada"
        if "pareceres" in e.sem_fatos:
            continue  # registro anterior aos fatos da comissão
        gravados = {g: v for g, v in (verificacoes or {}).items() if v}
        do_arquivo = vindos.get(pk, {})
        for grupo in sorted(set(gravados) | set(do_arquivo)):
            gravado, veio = gravados.get(grupo, ""), do_arquivo.get(grupo, "")
            if (pk, grupo) not in e.pareceres and gravado != veio:
                return (
                    f"inscrição {inscricao}: {e.o_que(grupo)} {gravado or '(nenhum)'} nas "
                    f"tabelas, {veio or '(nenhum)'} pelo registro (sem verificação registrada)"
                )
    return None


def _campos_da_lei_corrigidos(e: Esperado) -> str | None:
    """Os campos da lei corrigidos (`Candidato.campos`, fora da linha que a importação guardou):
    o valor nas tabelas é o da última correção registrada."""
    from cotas_web.candidatos.correcoes import PREFIXO_DA_LEI, mostrar

    pedidos = {
        pk: {c: v for c, v in campos.items() if c.startswith(PREFIXO_DA_LEI)}
        for pk, campos in e.correcoes.items()
    }
    pedidos = {pk: campos for pk, campos in pedidos.items() if campos}
    if not pedidos:
        return None
    modelo = apps.get_model("candidatos.Candidato")
    linhas = modelo._default_manager.filter(pk__in=pedidos).values_list("pk", "inscricao", "campos")
    for pk, inscricao, gravados in linhas.order_by("inscricao", "pk"):
        for campo, (_, novo, reg) in sorted(pedidos[pk].items()):
            valor = mostrar(campo, (gravados or {}).get(campo.removeprefix(PREFIXO_DA_LEI)))
            if valor != novo:
                return (
                    f"inscrição {inscricao}: {campo} {valor or '(vazio)'} nas tabelas, "
                    f"{novo or '(vazio)'} pela última correção registrada (registro {reg})"
                )
    return None


def _uma_importacao(e: Esperado, importacao: int, registro: int, fatos: dict[str, Any]) -> str:
    onde = f"importação nº {importacao}, registro {registro}"
    soma = hashlib.sha256()
    total = 0
    esperadas = fatos.get("por_linha")
    formato = int(fatos.get("formato", 1))
    anterior_inscricao: str | None = None
    for pk, valores in map(_dicionario, _linhas({"importacao_id": importacao})):
        valores = _no_formato(valores, formato, e.grupo_padrao)
        correcoes = e.correcoes.get(pk, {})
        for campo, (anterior, novo, reg) in correcoes.items():
            if campo not in valores:  # um campo da lei: fora da linha guardada
                continue  # (`_campos_da_lei_corrigidos`)
            if valores[campo] != novo:
                return (
                    f"inscrição {valores['inscricao']}: {campo} {valores[campo] or '(vazio)'} "
                    f"nas tabelas, {novo or '(vazio)'} pela última correção registrada "
                    f"(registro {reg})"
                )
            valores[campo] = anterior
        canonica = _canonica(valores)
        soma.update(canonica + b"\n")
        if esperadas is not None:
            curta = hashlib.sha256(canonica).hexdigest()[:12]
            if apagadas := _apagadas(fatos, esperadas, total, curta, anterior_inscricao, valores):
                return f"{apagadas} ({onde}; apagada sem ato registrado)"
            if total >= len(esperadas) or curta != esperadas[total]:
                corr = "com correção registrada" if correcoes else "sem correção registrada"
                return (
                    f"inscrição {valores['inscricao']}: a linha nas tabelas "
                    f"({_mostrar_linha(valores)}) "
                    f"não é a que o registro guardou ({onde}, {corr}; alterada, inserida ou "
                    "uma linha anterior apagada)"
                )
        total += 1
        anterior_inscricao = valores["inscricao"]
    if esperadas is not None and total < len(esperadas):
        apagadas = _apagadas(fatos, esperadas, total, None, anterior_inscricao, None)
        return f"{apagadas} ({onde}; apagada sem ato registrado)"
    if total != fatos["linhas"]:
        return (
            f"{onde}: {total} candidato(s) nas tabelas, {fatos['linhas']} pelo registro "
            "(linhas apagadas)"
        )
    if soma.hexdigest() != fatos["sha256"]:
        return f"{onde}: os candidatos nas tabelas não dão a impressão que o registro guardou"
    return ""


def _apagadas(
    fatos: dict[str, Any],
    esperadas: list[str],
    posicao: int,
    curta: str | None,
    antes: str | None,
    linha: dict[str, str] | None,
) -> str:
    """Se a linha das tabelas na `posicao` (impressão `curta`; None: acabaram as linhas) é uma
    linha que o registro guardou mais adiante, as do meio foram apagadas: nomeia-as (pela
    inscrição que o registro guardou; nos registros de antes, pelas vizinhas). Vazio se não."""
    if curta is None:
        fim = len(esperadas)
    elif posicao < len(esperadas) and curta != esperadas[posicao] and curta in esperadas:
        fim = esperadas.index(curta, posicao)
        if fim <= posicao:
            return ""
    else:
        return ""
    guardadas = fatos.get("inscricoes")
    if isinstance(guardadas, list) and len(guardadas) == len(esperadas):
        nomes = [str(i) for i in guardadas[posicao:fim]]
        mostradas = ", ".join(nomes[:10]) + (
            f" e mais {len(nomes) - 10}" if len(nomes) > 10 else ""
        )
        if len(nomes) == 1:
            return f"inscrição {mostradas}: falta nas tabelas"
        return f"inscrições {mostradas}: faltam nas tabelas"
    depois = f"a inscrição {linha['inscricao']}" if linha else "o fim da importação"
    de = f"a inscrição {antes}" if antes else "o começo da importação"
    quantas = fim - posicao
    return (
        f"{quantas} linha(s) que o registro guardou entre {de} e {depois} "
        f"({posicao + 1}ª em diante) faltam nas tabelas"
    )


_CAMPOS_NOMEACAO = (
    "inscricao",
    "cargo",
    "ordem",
    "vaga",
    "modalidade",
    "portaria",
    "data_portaria",
    "situacao",
    "posse_em",
    "encerrada_em",
)


def valores_da_nomeacao(n: Any) -> dict[str, Any]:
    """A nomeação em forma canônica (a do ato e a das tabelas)."""
    return {
        "inscricao": n.candidato.inscricao,
        "cargo": n.cargo.codigo,
        "ordem": n.ordem,
        "vaga": n.vaga,
        "modalidade": n.modalidade,
        "portaria": n.portaria,
        "data_portaria": _dia(n.data_portaria),
        "situacao": str(n.situacao),
        "posse_em": _dia(n.posse_em),
        "encerrada_em": _dia(n.encerrada_em),
    }


def _nomeacoes(e: Esperado, certame_id: int) -> str | None:
    modelo = apps.get_model("nomeacoes.Nomeacao")
    tabelas = {
        n.pk: valores_da_nomeacao(n)
        for n in modelo._default_manager.filter(cargo__certame_id=certame_id).select_related(
            "candidato", "cargo"
        )
    }
    for pk, valores in sorted(tabelas.items()):
        if pk not in e.nomeacoes_registro:
            return (
                f"nomeação da inscrição {valores['inscricao']} para {valores['cargo']} (portaria "
                f"{valores['portaria']}): nas tabelas, sem ato de nomeação registrado"
            )
        prometido = e.nomeacoes[pk]
        for campo in _CAMPOS_NOMEACAO:
            if campo in prometido and str(prometido[campo]) != str(valores[campo]):
                return (
                    f"nomeação da inscrição {valores['inscricao']} para {valores['cargo']}: "
                    f"{campo} {valores[campo] or '(vazio)'} nas tabelas, "
                    f"{prometido[campo] or '(vazio)'} pelo registro"
                )
    for pk, registro in sorted(e.nomeacoes_registro.items()):
        if pk not in tabelas:
            v = e.nomeacoes[pk]
            return (
                f"nomeação da inscrição {v['inscricao']} para {v['cargo']} (portaria "
                f"{v['portaria']}, registro {registro}): falta nas tabelas"
            )
    return None


def _vagas(e: Esperado, certame_id: int) -> str | None:
    modelo = apps.get_model("nomeacoes.OfertaVagas")
    tabelas: dict[str, int] = {}
    em_vigor = modelo._default_manager.filter(
        cargo__certame_id=certame_id, sem_efeito_em__isnull=True
    )
    for cargo, n in em_vigor.values_list("cargo__codigo", "quantidade"):
        tabelas[cargo] = tabelas.get(cargo, 0) + n
    for cargo in sorted(set(tabelas) | set(e.vagas)):
        if tabelas.get(cargo, 0) != e.vagas.get(cargo, 0):
            return (
                f"vagas ofertadas de {cargo}: {tabelas.get(cargo, 0)} nas tabelas, "
                f"{e.vagas.get(cargo, 0)} pelo registro"
            )
    return None


def _pareceres(e: Esperado) -> str | None:
    modelo = apps.get_model("candidatos.Candidato")
    for (pk, grupo), (inscricao, resultado, registro) in sorted(e.pareceres.items()):
        atual = modelo._default_manager.filter(pk=pk).values_list("verificacoes", "inscricao")
        gravado = str((atual[0][0] or {}).get(grupo) or "") if atual else "(candidato ausente)"
        inscricao = inscricao or (atual[0][1] if atual else f"(id {pk})")
        if gravado != resultado:
            return (
                f"inscrição {inscricao}: {e.o_que(grupo)} {gravado or '(vazio)'} nas "
                f"tabelas, {resultado} pelo registro {registro}"
            )
    for pk, (inscricao, dia, registro) in sorted(e.anulados.items()):
        anulado = modelo._default_manager.filter(pk=pk).values_list("anulado_em", flat=True)
        gravado = _dia(anulado[0]) if anulado else "(candidato ausente)"
        if gravado != dia:
            return (
                f"inscrição {inscricao}: anulada em {gravado or '(não anulada)'} nas tabelas, "
                f"{dia} pelo registro {registro}"
            )
    return None


def _homologacao(e: Esperado, certame_id: int) -> str | None:
    if e.homologado_em is None:
        return None
    modelo = apps.get_model("certames.Certame")
    gravado = _dia(modelo._default_manager.get(pk=certame_id).homologado_em)
    if gravado != e.homologado_em:
        return (
            f"homologação em {gravado or '(não homologado)'} nas tabelas, "
            f"{e.homologado_em} pelo registro"
        )
    return None


def _motor(certame_id: int) -> str | None:
    """As nomeações gravadas são as que o motor dá ao reencenar os atos."""
    from cotas_web.ponte import reencenacao
    from cotas_web.ponte.erros import ErroCotas

    certame = apps.get_model("certames.Certame")._default_manager.get(pk=certame_id)
    try:
        motor = reencenacao.reencenar(certame, do_banco=True)
    except ErroCotas as erro:
        return f"o motor não reencena o certame com os atos gravados: {erro}"
    modelo = apps.get_model("nomeacoes.Nomeacao")
    # A nomeação tornada sem efeito não é do motor (o ato que a desfez está no registro).
    gravadas = (
        modelo._default_manager.filter(cargo__certame_id=certame_id)
        .exclude(situacao="sem_efeito")
        .select_related("candidato", "cargo")
    )
    do_motor: dict[str, dict[int, Any]] = {}  # cargo → ordem → nomeação do motor
    for n in gravadas:
        codigo = n.cargo.codigo
        if codigo not in do_motor:
            do_motor[codigo] = {m.ordem: m for m in motor.nomeacoes(codigo)}
        m = do_motor[codigo].get(n.ordem)
        if m is None or m.inscricao != n.candidato.inscricao or m.vaga != n.vaga:
            pelo_motor = f"inscrição {m.inscricao}, vaga {m.vaga}" if m else "nenhuma"
            return (
                f"{n.ordem}ª nomeação de {codigo}: inscrição {n.candidato.inscricao}, vaga "
                f"{n.vaga} nas tabelas; pelo motor, com os atos registrados: {pelo_motor}"
            )
    return None


def conferir(certame_id: int) -> Conferencia:
    """A primeira diferença entre o que o registro promete e as tabelas (ou o motor)."""
    e = esperado(certame_id)
    passos: tuple[tuple[str, Callable[[], str | None]], ...] = (
        ("candidatos", lambda: _candidatos(e, certame_id) or None),
        ("homologação", lambda: _homologacao(e, certame_id)),
        ("vagas", lambda: _vagas(e, certame_id)),
        ("pareceres", lambda: _pareceres(e)),
        ("nomeações", lambda: _nomeacoes(e, certame_id)),
    )
    for parte, passo in passos:
        if parte in e.sem_fatos:
            continue
        if diferenca := passo():
            return Conferencia(diferenca, tuple(sorted(e.sem_fatos)))
    if diferenca := _motor(certame_id):
        return Conferencia(diferenca, tuple(sorted(e.sem_fatos)))
    return Conferencia(None, tuple(sorted(e.sem_fatos)))


# Os fatos de cada ato, como os serviços os põem em `dados["fatos"]` (na transação do ato).


def fatos_importacao(importacao: Any) -> dict[str, Any]:
    return {"importacao": importacao.pk, **fatos_da_importacao(importacao.pk)}


def fatos_nomeacao(nomeacao: Any) -> dict[str, Any]:
    """A nomeação inteira (ato de nomeação) ou o seu novo estado (posse, saída)."""
    return {"nomeacao": nomeacao.pk, "valores": valores_da_nomeacao(nomeacao)}


def fatos_correcao(correcao: Any) -> dict[str, Any]:
    return {
        "candidato": correcao.candidato_id,
        "inscricao": correcao.candidato.inscricao,
        "campo": correcao.campo,
        "anterior": correcao.anterior,
        "novo": correcao.novo,
        "data": _dia(correcao.data),
    }


def fatos_parecer(candidato: Any, grupo: str, resultado: str) -> dict[str, Any]:
    """O resultado da verificação de um grupo (pela comissão ou pelos documentos)."""
    return {
        "candidato": candidato.pk,
        "inscricao": candidato.inscricao,
        "grupo": grupo,
        "resultado": resultado,
    }


def fatos_anulacao(candidato: Any, decisao: str) -> dict[str, Any]:
    """A decisão do procedimento; pela falsidade, a anulação e as nomeações anuladas."""
    modelo = apps.get_model("nomeacoes.Nomeacao")
    anuladas = (
        sorted(
            modelo._default_manager.filter(
                candidato=candidato, situacao="anulada", encerrada_em=candidato.anulado_em
            ).values_list("pk", flat=True)
        )
        if candidato.anulado_em
        else []
    )
    return {
        "candidato": candidato.pk,
        "inscricao": candidato.inscricao,
        "decisao": decisao,
        "anulado_em": _dia(candidato.anulado_em),
        "nomeacoes": anuladas,
    }
